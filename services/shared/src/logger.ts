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
