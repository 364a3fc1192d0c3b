import { SIGNED_IN_COOKIE } from '@vnmarket/proto/auth-values';

export { SIGNED_IN_COOKIE };

/**
 * Whether this browser's last answer from /api/auth/user was a member: a hint kept in localStorage (the
 * session cookie is httpOnly), from before auth set a cookie the page can read (SIGNED_IN_COOKIE). Either
 * lets "/" skip the landing page a member would only see flash by: the prerendered copy in index.html (the
 * route guard of build/prerender.ts reads both before the body is parsed) and the landing page shown while
 * the current user loads. The answer itself always decides what shows next.
 */
export const SIGNED_IN_HINT_KEY = 'vnm.signed-in';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage refused (privacy settings): without the hint a member sees the landing page flash by, as before.
  }
}

/** False where there is no storage (refused, or the build's prerender in Node). */
function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the page can see the cookie auth sets beside the (httpOnly) session cookie; false without a document (the prerender). */
function hasSignedInCookie(): boolean {
  const cookies = (globalThis as { document?: { cookie: string } }).document?.cookie ?? '';
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SIGNED_IN_COOKIE}=`));
}

/**
 * Whether this browser may hold a session: auth's signed-in cookie is there, or the hint says a member was
 * here (a session opened before that cookie existed gets it on its next answer). Where neither is, nobody
 * is signed in, and asking /api/auth/user could only answer 401: a request, and an error in the console,
 * on every visitor's first page.
 */
export function mayBeSignedIn(): boolean {
  return hasSignedInCookie() || wasSignedIn();
}
