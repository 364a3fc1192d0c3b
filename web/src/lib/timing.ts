/**
 * The app's timings: a toast shows for 5 s and a 50 px swipe dismisses it; the sign-in redirect waits
 * 500 ms (so the Unauthorized toast is seen); focus returns to the message input and the thread scrolls
 * 100 ms after a send; the upload dialog closes 500 ms after success; home follows a verified phone
 * after 1.5 s.
 */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const FOCUS_AFTER_SEND_MS = 100;
export const SCROLL_TO_BOTTOM_MS = 100;
export const UPLOADER_CLOSE_MS = 500;
export const POST_VERIFY_REDIRECT_MS = 1500;

/** How long after the page's load the service worker is registered (main.tsx). */
export const SERVICE_WORKER_DELAY_MS = 5000;
