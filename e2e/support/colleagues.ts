// A colleague in a browser of their own (another role, or the same person on another device), signed in
// through the session API, and the guides' screenshots that specs take along the way.
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, type Role } from './env.ts';
import { expect } from './fixtures.ts';

export async function colleaguePage(
  browser: Browser,
  options: { baseURL: string; role: Role; csrfHeaders: Record<string, string> },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: options.baseURL });
  const page = await context.newPage();
  const { email, password } = DEMO_ACCOUNTS[options.role];
  const session = await page.request.post('/api/session', {
    headers: options.csrfHeaders,
    data: { email, password },
  });
  expect(session.status(), await session.text()).toBe(200);
  return page;
}

/** With LECTERN_SCREENSHOTS=1, saves the page as docs/screenshots/<name>.png for a guide. */
export async function guideShot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.LECTERN_SCREENSHOTS) return;
  await page.waitForTimeout(300);
  await page.screenshot({
    path: join('docs', 'screenshots', `${name}.png`),
    animations: 'disabled',
    fullPage: options.fullPage ?? false,
  });
}
