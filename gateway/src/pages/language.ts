import type { IncomingMessage } from 'node:http';
import { DEFAULT_LANGUAGE, firstSupportedLanguage, isLanguage, LANGUAGE_COOKIE, qualityOrdered, type Language } from '@vnmarket/proto';

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    if (equals !== -1 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

/**
 * The language of a page's answer: the one the visitor chose in the app (the LANGUAGE_COOKIE), else the
 * first of ours their browser asks for (Accept-Language: `vi`, `vi-VN` are Tiếng Việt), else English.
 */
export function requestLanguage(req: IncomingMessage): Language {
  const chosen = cookieValue(req.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return firstSupportedLanguage(qualityOrdered(req.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}
