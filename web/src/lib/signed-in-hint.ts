/**
 * Whether this browser's last answer from /api/auth/user was a member: a hint kept in localStorage (the
 * session cookie is httpOnly). It lets "/" skip the landing page a member would only see flash by: the
 * prerendered copy in index.html (build/prerender.ts reads the same key before the body is parsed) and
 * the landing page shown while the current user loads. The answer itself always decides what shows next.
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
export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}
