/**
 * Keyboard focus must be easy to see, for older eyes too: the ring the app's buttons and fields share
 * (--focus) is the solid primary colour (terracotta) behind a white gap, not a faint tint (WCAG 1.4.11: 3:1 against what is
 * next to it; the old 28% tint was about 1.4:1 on white).
 */
import { animationsFinished, type BrowserGlobals, installBrowserHarness, newAccount } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('focus-ring');

it('a button reached with Tab shows a solid terracotta ring with a white gap', async () => {
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
  await animationsFinished(signIn);
  const ring = await signIn.evaluate(
    (button) => (globalThis as unknown as { getComputedStyle(element: unknown): { boxShadow: string } }).getComputedStyle(button).boxShadow,
  );
  expect(ring).toBe('rgb(255, 255, 255) 0px 0px 0px 2px, rgb(180, 68, 31) 0px 0px 0px 4px');
});

it('a date field shows the same ring on each of its parts, its calendar button too (where the input itself is not :focus)', async () => {
  const { page } = await web.newPage({ account: newAccount('Hoa', 'Đinh'), viewport: { width: 375, height: 800 } });
  await page.goto(`${web.base}/create-listing`);
  await page.getByLabel('Category').selectOption('event');
  const date = page.getByLabel('Event Date');
  await date.waitFor();
  // Into the field from the one before it, as a keyboard user arrives, then through its month, day, year and calendar button.
  await page.getByLabel('Event Type').focus();
  const rings: string[] = [];
  let calendarButtonReached = false;
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    await animationsFinished(date);
    const state = await date.evaluate((input) => {
      const scope = globalThis as unknown as { document: { activeElement: unknown }; getComputedStyle(element: unknown): { boxShadow: string } };
      return {
        inside: input === scope.document.activeElement,
        focus: (input as unknown as { matches(selector: string): boolean }).matches(':focus'),
        ring: scope.getComputedStyle(input).boxShadow,
      };
    });
    expect(state.inside).toBe(true);
    if (!state.focus) calendarButtonReached = true;
    rings.push(state.ring);
  }
  expect(calendarButtonReached).toBe(true);
  expect(new Set(rings)).toEqual(new Set(['rgb(255, 255, 255) 0px 0px 0px 2px, rgb(180, 68, 31) 0px 0px 0px 4px']));
});
