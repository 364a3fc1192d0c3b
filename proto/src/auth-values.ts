/**
 * Sign-in values without zod, so the web can use them without loading the schemas. auth.ts exports them too.
 */

/**
 * The cookie that tells the page "this browser holds a session cookie" (which is httpOnly, so the page cannot
 * see it). Auth sets and clears it with the session cookie, with the same lifetime, and GET /api/auth/user
 * clears both when the session is gone. The web asks who is signed in only when it is there: a visitor who
 * never signed in makes no call that could only answer 401. It carries nothing; a forged one costs one 401,
 * which clears it.
 */
export const SIGNED_IN_COOKIE = 'vnm_signed_in';
