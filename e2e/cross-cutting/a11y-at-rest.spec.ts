// The axe check looks at the page as a user sees it at rest. Regression: the bulk run's warning toast
// was now and then checked in the middle of its fade-in, at about 70 % opacity over the dimmed page
// behind the dialog, and failed colour contrast (3.2:1; 4.5:1 and more at rest). Here animations run
// four times slower, so the old check met the fade every time, while the toast's 6 s life still
// outlasts the fade and the axe run on a loaded machine (at ten times slower it did not, now and then).
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test('axe waits for a toast to finish appearing before it checks contrast', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  const prefix = `Toast at rest ${Date.now()}`;
  const groups = await sandbox.createGroups(2, prefix);
  await sandbox.faults([
    {
      route: `/content/${groups[1]!.courseId}/releaseContent`,
      method: 'PUT',
      status: 500,
      rate: 1,
    },
  ]);
  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByTestId('list-count')).toHaveText(`Showing 2 of 2 results for “${prefix}”`);
  await page.getByRole('checkbox', { name: 'Select all loaded results' }).check();
  await page.getByRole('button', { name: 'Publish…', exact: true }).click();

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.25 });
  const dialog = page.getByRole('dialog', { name: 'Publish 2 course groups' });
  await dialog.getByRole('button', { name: 'Publish 2 courses' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('2 of 2 settled · 1 done · 1 failed');
  const toast = page.locator('[data-sonner-toast][data-type="warning"]');
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  expect(await toast.evaluate((element) => Number(getComputedStyle(element).opacity))).toBeLessThan(
    1,
  );

  await expectNoSeriousA11yViolations(page, 'bulk progress with its toast');
  expect(await toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
});
