/** Screens kept as PNGs for review: SAVE_SCREENSHOTS_TO=<folder> turns it on for a run of the browser tests. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Saves the page as <folder>/<name>.png (the whole page unless told) when SAVE_SCREENSHOTS_TO names a folder. */
export async function keepScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const folder = process.env.SAVE_SCREENSHOTS_TO;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage });
}
