// Guide screenshots of the course checks and the learner preview (docs/screenshots/course-checks-*.png,
// learner-preview*.png). Not part of the normal run:
// `LECTERN_SCREENSHOTS=1 npx playwright test e2e/course-checks/screenshots.spec.ts`.
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { test } from './link-server.ts';

test.skip(
  !process.env.LECTERN_SCREENSHOTS,
  'set LECTERN_SCREENSHOTS=1 to refresh guide screenshots',
);
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (target: Page | Locator, name: string) =>
  target.screenshot({ path: join('docs', 'screenshots', `${name}.png`), animations: 'disabled' });

test('guide screenshots of the Checks panel and the learner preview', async ({
  page,
  sandbox,
  links,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs('contentManager');
  const created = await sandbox.api<{ courseIds: string[] }>('POST', '/content/course/create', {
    courseAttributes: [
      {
        title: `Tea for beginners ${Date.now() % 1000}`,
        kind: 'courseGroup',
        description: 'Everything about brewing a good cup of tea, from the leaf to the pot.',
        sections: [
          {
            title: 'Brewing',
            lessons: [
              {
                title: 'Water and heat',
                openType: 'open',
                topics: [
                  {
                    title: 'Temperature',
                    type: 'text',
                    body: [
                      '<h2>Why it matters</h2>',
                      '<p>Green tea wants cooler water than black tea: around 80 °C. Boiling water ',
                      'scalds the leaves and makes the cup bitter.</p>',
                      `<p>Read <a href="${links.url('/missing/brewing-guide')}">the old brewing guide</a> `,
                      `or <a href="${links.url('/ok/chart')}">click here</a>.</p>`,
                      '<h4>Quick table</h4>',
                      '<table><tr><th>Tea</th><th>Water</th><th>Time</th></tr>',
                      '<tr><td>Green</td><td>80 °C</td><td>2 min</td></tr>',
                      '<tr><td>Black</td><td>95 °C</td><td>4 min</td></tr></table>',
                      `<p><img src="${links.url('/ok/kettle.png')}"></p>`,
                    ].join(''),
                  },
                  {
                    title: 'Timing',
                    type: 'text',
                    body: `<p>Steep for three minutes. Use <a href="http://timer.invalid/tea">the timer</a>.</p>`,
                  },
                  { title: 'Kettles', type: 'video', videoUrl: links.url('/loop-a') },
                ],
              },
              { title: 'Leaves', openType: 'emailCaptureOpen', topics: [] },
            ],
          },
        ],
      },
    ],
  });
  await page.goto(`/editor/${created.courseIds[0]}`);
  const panel = page.getByTestId('checks-panel');
  await expect(panel.getByRole('status')).toContainText('Saved course checked at');
  await panel.locator('[data-finding="imageWithoutAlt"]').click();
  // The finding selects its topic: the node panel's form is a late part, so the shot waits for it.
  await expect(page.getByRole('status', { name: 'Loading the form' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
    'Temperature',
  );
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'course-checks-editor');

  await page.getByRole('button', { name: 'Preview as a learner' }).click();
  const preview = page.getByRole('dialog', { name: /^Preview as a learner/ });
  await expect(
    page.frameLocator('[data-testid="learner-frame"]').getByText('Why it matters'),
  ).toBeVisible();
  await shot(page, 'learner-preview');
  await preview.getByRole('button', { name: 'Course outline' }).click();
  await expect(preview.getByRole('button', { name: 'Temperature' })).toBeVisible();
  await shot(page, 'learner-preview-outline');
  await page.keyboard.press('Escape');
  // On a phone: the toolbar's Preview, then a topic, at the phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await preview.getByRole('button', { name: 'Temperature' }).click();
  await preview.getByLabel('Phone (390 px)').check();
  await expect(
    page.frameLocator('[data-testid="learner-frame"]').getByText('Why it matters'),
  ).toBeVisible();
  await shot(page, 'learner-preview-phone');
});
