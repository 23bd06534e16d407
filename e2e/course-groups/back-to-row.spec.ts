// Back from a group opened from the list returns to the row that was opened (issue 22): the list is
// scrolled where it was and the focus is on that row's link, not on <body> at the top.
import { expect, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('support');
});

test('Back from a group page restores the list scroll and focuses the row that was opened', async ({
  page,
  sandbox,
}) => {
  await sandbox.createGroups(40, `Back to row ${Date.now()}`);
  await page.goto('/course-groups?perPage=50');
  const scroller = page.getByTestId('vtable-scroll');
  await expect(page.locator('a.row-link').first()).toBeVisible();
  await scroller.evaluate((element) => element.scrollTo({ top: 500 }));
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBe(500);
  // A row well down the list, in view after the scroll.
  const name = await page.evaluate(() => {
    const box = document.querySelector('[data-testid="vtable-scroll"]')!.getBoundingClientRect();
    const link = [...document.querySelectorAll<HTMLAnchorElement>('a.row-link')].find((a) => {
      const r = a.getBoundingClientRect();
      return r.top > box.top + 100 && r.bottom < box.bottom;
    });
    return link!.textContent!;
  });
  const opened = page.getByRole('link', { name, exact: true });
  await opened.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goBack();
  await expect(opened).toBeFocused();
  expect(await scroller.evaluate((element) => element.scrollTop)).toBe(500);
});
