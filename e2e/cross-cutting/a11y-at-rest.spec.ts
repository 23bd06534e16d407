// The axe check looks at the page as a user sees it at rest. Regression: the bulk run's warning toast
// was now and then checked in the middle of its fade-in, at about 70 % opacity over the dimmed page
// behind the dialog, and failed colour contrast (3.2:1; 4.5:1 and more at rest). Here animations run
// ten times slower (a 4 s fade) and the page notes the toast's opacity the moment axe's script arrives,
// so the old check fails every time, however long axe then takes on a busy machine. The toast lives
// 6 s, which the fade and the axe run may outlast: the page passes for hidden, and sonner holds a
// toast's timer while it is.
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
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
    // axe's script sets window.axe first thing: note how the toast looks at that moment.
    const page = window as unknown as { axe?: unknown; toastWhenAxeArrived?: string };
    let axe: unknown;
    Object.defineProperty(window, 'axe', {
      configurable: true,
      get: () => axe,
      set(value: unknown) {
        const toast = document.querySelector('[data-sonner-toast][data-type="warning"]');
        page.toastWhenAxeArrived ??= toast ? getComputedStyle(toast).opacity : 'gone';
        axe = value;
      },
    });
  });
  const dialog = page.getByRole('dialog', { name: 'Publish 2 course groups' });
  await dialog.getByRole('button', { name: 'Publish 2 courses' }).click();
  await expect(dialog.getByTestId('bulk-summary')).toHaveText('2 of 2 settled · 1 done · 1 failed');
  const toast = page.locator('[data-sonner-toast][data-type="warning"]');
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  expect(await toast.evaluate((element) => Number(getComputedStyle(element).opacity))).toBeLessThan(
    1,
  );

  await expectNoSeriousA11yViolations(page, 'bulk progress with its toast');
  const seen = await page.evaluate(
    () => (window as unknown as { toastWhenAxeArrived?: string }).toastWhenAxeArrived,
  );
  expect(seen, 'the toast’s opacity when axe began').toBe('1');
});
