import { apiRequest } from '../../lib/api';
import { rememberSignedIn } from '../../lib/signed-in-hint';

/** Signs out (a failure is only logged: the session may already be gone) and reloads the landing page. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    console.error('Sign out failed', error);
  }
  // The landing page shows at once, prerendered, instead of waiting for the current user.
  rememberSignedIn(false);
  window.location.href = '/';
}
