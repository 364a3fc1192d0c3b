import twilio from 'twilio';
import { SmsDeliveryError, type SmsSender } from './sender';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A Twilio number (E.164) and/or a Messaging Service; at least one. */
  from?: string;
  messagingServiceSid?: string;
  /** Another home for the REST API (tests, emulators); https://api.twilio.com when unset. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

/** Real SMS through Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json). */
export class TwilioSmsSender implements SmsSender {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioOptions) {
    if (!options.from && !options.messagingServiceSid) throw new Error('Twilio needs a from number or a messaging service sid');
    this.client = twilio(options.accountSid, options.authToken, { timeout: options.timeoutMs ?? 10_000, autoRetry: true, maxRetries: 2 });
    // The api domain builds every Messages URL from its baseUrl (twilio/lib/base/Domain).
    if (options.apiBaseUrl) this.client.api.baseUrl = options.apiBaseUrl;
  }

  async send(to: string, body: string): Promise<void> {
    try {
      await this.client.messages.create({
        to,
        body,
        ...(this.options.from ? { from: this.options.from } : {}),
        ...(this.options.messagingServiceSid ? { messagingServiceSid: this.options.messagingServiceSid } : {}),
      });
    } catch (error) {
      const { status, code, message } = error as { status?: number; code?: number; message?: string };
      throw new SmsDeliveryError(`Twilio refused the message: ${message ?? 'unknown error'}`, { status, code });
    }
  }
}
