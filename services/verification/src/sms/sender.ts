/** Anything that can deliver a text message to a phone number (E.164). */
export interface SmsSender {
  readonly name: string;
  /** Resolves once the provider has accepted the message; rejects with SmsDeliveryError otherwise. */
  send(to: string, body: string): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
