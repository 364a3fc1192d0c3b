/**
 * Keyboard focus must be easy to see, for older eyes too: the ring the app's buttons and fields share
 * (--focus) is solid primary red behind a white gap, not a faint tint (WCAG 1.4.11: 3:1 against what is
 * next to it; the old 28% tint was about 1.4:1 on white).
 */
import { type BrowserGlobals, installBrowserHarness } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('focus-ring');

it('a button reached with Tab shows a solid red ring with a white gap', async () => {
  const { page } = await web.newPage({ viewport: { width: 375, height: 800 } });
  await page.goto(`${web.base}/login`);
  const signIn = page.getByRole('button', { name: 'Sign in' });
  await signIn.waitFor();
  let reached = false;
  for (let press = 0; press < 30 && !reached; press += 1) {
    await page.keyboard.press('Tab');
    reached = await signIn.evaluate(
      (button) => button === (globalThis as unknown as BrowserGlobals & { document: { activeElement: unknown } }).document.activeElement,
    );
  }
  expect(reached).toBe(true);
  // After the button's transition has run.
  await page.waitForTimeout(300);
  const ring = await signIn.evaluate(
    (button) => (globalThis as unknown as { getComputedStyle(element: unknown): { boxShadow: string } }).getComputedStyle(button).boxShadow,
  );
  expect(ring).toBe('rgb(255, 255, 255) 0px 0px 0px 2px, rgb(200, 16, 46) 0px 0px 0px 4px');
});
