import pino, { type Logger } from 'pino';
import { currentRequestId } from './context';

export type { Logger };

export function createLogger(service: string, level: string = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', 'password'],
      censor: '[redacted]',
    },
  });
}

/** Query parameters that make a URL a credential: a signed upload link works for whoever holds it. */
const SIGNING_PARAMETERS = /([?&](?:signature|token|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#]*/gi;

/** A URL as the logs keep it: with the values of its signing parameters redacted. */
export function loggableUrl(url: string | undefined): string | undefined {
  return url?.replace(SIGNING_PARAMETERS, '$1[redacted]');
}
