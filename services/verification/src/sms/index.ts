import type { VerificationConfig } from '../config';
import { FileSmsSender } from './file';
import { TwilioSmsSender } from './twilio';
import type { SmsSender } from './sender';

export { FileSmsSender } from './file';
export { TwilioSmsSender } from './twilio';
export { SmsDeliveryError, type SmsSender } from './sender';

/** The provider SMS_PROVIDER names (config validation has already checked its settings). */
export function createSmsSender(config: VerificationConfig, clock?: () => Date): SmsSender {
  switch (config.SMS_PROVIDER) {
    case 'twilio':
      return new TwilioSmsSender({
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM_NUMBER,
        messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
        apiBaseUrl: config.TWILIO_API_BASE_URL,
      });
    case 'file':
      return new FileSmsSender(config.SMS_OUTBOX, clock);
  }
}
