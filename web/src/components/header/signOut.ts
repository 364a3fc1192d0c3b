import { apiRequest } from '../../lib/api';

/** Signs out (a failure is only logged: the session may already be gone) and reloads the landing page. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    console.error('Sign out failed', error);
  }
  window.location.href = '/';
}
