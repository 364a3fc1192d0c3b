import type { IncomingMessage } from 'node:http';
import { parse as parseCookie } from 'cookie';
import { DEFAULT_LANGUAGE, firstSupportedLanguage, isLanguage, LANGUAGE_COOKIE, qualityOrdered, type Language } from '@vnmarket/proto';

/**
 * The language of a page's answer: the one the visitor chose in the app (the LANGUAGE_COOKIE), else the
 * first of ours their browser asks for (Accept-Language: `vi`, `vi-VN` are Tiếng Việt), else English.
 */
export function requestLanguage(req: IncomingMessage): Language {
  const chosen = req.headers.cookie ? parseCookie(req.headers.cookie)[LANGUAGE_COOKIE] : undefined;
  if (isLanguage(chosen)) return chosen;
  return firstSupportedLanguage(qualityOrdered(req.headers['accept-language'])) ?? DEFAULT_LANGUAGE;
}
