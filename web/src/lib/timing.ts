/** Spec section 9: timings. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const FOCUS_AFTER_SEND_MS = 100;
export const SCROLL_TO_BOTTOM_MS = 100;
export const UPLOADER_CLOSE_MS = 500;
export const POST_VERIFY_REDIRECT_MS = 1500;
