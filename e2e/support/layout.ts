// Layout checks for the pages of issue 14: a page reads on a 390 px phone without scrolling sideways
// (tables stack or scroll inside themselves), and at 1440 px. With LECTERN_LOOK=<dir> every check also
// saves a screenshot there, for a person to look at.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

export const PHONE = { width: 390, height: 844 } as const;
export const DESK = { width: 1440, height: 900 } as const;

async function look(page: Page, name: string): Promise<void> {
  const dir = process.env.LECTERN_LOOK;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

/** At 390x844 the document is no wider than the screen; the viewport is restored afterwards. */
export async function expectFitsPhone(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  await look(page, `${name}-390`);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `${name}: no horizontal page scroll at 390 px; too wide: ${await tooWide(page)}`,
    })
    .toBeLessThanOrEqual(PHONE.width);
  if (before) await page.setViewportSize(before);
}

/** Saves the page at 1440x900 when LECTERN_LOOK is set; the viewport is restored afterwards. */
export async function lookAtDesk(page: Page, name: string): Promise<void> {
  if (!process.env.LECTERN_LOOK) return;
  const before = page.viewportSize();
  await page.setViewportSize(DESK);
  await page.waitForTimeout(200);
  await look(page, `${name}-1440`);
  if (before) await page.setViewportSize(before);
}

/** The outermost elements that reach past the right edge of the screen, for the failure message. */
function tooWide(page: Page): Promise<string> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const visit = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.right > width + 0.5 && box.width > 0) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`;
        found.push(`${name} (right ${Math.round(box.right)})`);
        return;
      }
      for (const child of element.children) visit(child);
    };
    visit(document.body);
    return found.slice(0, 8).join(', ') || 'nothing visible';
  }, PHONE.width);
}
