// The admin screens' words (issue 23 item 5), each against the real sandbox: the course-group table at
// 1440 px cuts only titles and says content types in words; the content view marks the hidden
// "Unused" section and leaves it out of its counts; completion criteria say what a criterion means;
// the imports page speaks to admins.
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { lookAtDesk } from '../support/layout.ts';

test.use({ timezoneId: 'America/New_York' });

test('the course-group table at 1440 px cuts no column but Title, and says content types in words', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const prefix = `Cols ${Date.now()}`;
  await sandbox.api('POST', '/content/course/create', {
    courseAttributes: [
      { title: `${prefix} scorm`, kind: 'shareableContentObject', source: 'Vendor catalog 2026' },
      { title: `${prefix} micro`, kind: 'microCourse', source: 'Onboarding team' },
      {
        title: `${prefix} pending`,
        kind: 'article',
        source: 'Imported from Moodle',
        futurePublishDate: '2031-12-24T15:30:00.000Z',
      },
    ],
  });
  await signInAs('admin');
  await page.goto(`/course-groups?q=${encodeURIComponent(prefix)}`);
  const rows = page.getByRole('row', { name: new RegExp(prefix) });
  await expect(rows).toHaveCount(3);
  await expect(rows.getByTestId('scheduled-for')).toHaveText(
    'Scheduled for Dec 24, 2031, 10:30 AM',
  );
  await expect(page.getByRole('row', { name: /scorm/ })).toContainText('SCORM package');
  const micro = page.getByRole('row', { name: /micro/ });
  await expect(micro.locator('.cell--content-type')).toHaveText('Micro-course');
  await expect(micro.locator('.cell--kind')).toHaveText('Micro-course');

  const cut = await rows.evaluateAll((elements) =>
    elements.flatMap((row) =>
      [...row.querySelectorAll<HTMLElement>('[role="cell"]')]
        .filter((cell) => !cell.classList.contains('cell--title'))
        .filter((cell) =>
          [cell, ...cell.querySelectorAll<HTMLElement>('*:not(.visually-hidden)')].some(
            (element) => element.scrollWidth > element.clientWidth + 1,
          ),
        )
        .map(
          (cell) =>
            `${cell.dataset.label}: ${cell.textContent} (${cell.scrollWidth} > ${cell.clientWidth})`,
        ),
    ),
  );
  expect(cut).toEqual([]);
  await lookAtDesk(page, 'course-groups-columns');
});

test('the hidden "Unused" section is marked in the content view and left out of the XLIFF', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const title = `Unused ${Date.now()}`;
  const topic = (name: string) => ({ title: name, type: 'text', body: `<p>${name}</p>` });
  const { courseIds } = await sandbox.api<{ courseIds: string[] }>(
    'POST',
    '/content/course/create',
    {
      courseAttributes: [
        {
          title,
          kind: 'courseGroup',
          sections: [
            {
              title: 'Basics',
              lessons: [{ title: 'Start', openType: 'open', topics: [topic('Hello')] }],
            },
            {
              title: 'Unused',
              releaseDate: '9999-12-31T00:00:00.000Z',
              lessons: [{ title: 'Unused', openType: 'open', topics: [topic('Old draft')] }],
            },
          ],
        },
      ],
    },
  );
  await signInAs('admin');
  await page.goto(`/content/courses/${courseIds[0]}`);
  const structure = page.getByRole('region', { name: 'Structure' });
  await expect(structure).toContainText(
    '1 section · 1 lesson · 1 topic · 1 hidden section learners never see, not counted',
  );
  await expect(structure.locator('.tree__summary').filter({ hasText: 'Section 2' })).toContainText(
    'Hidden from learners',
  );
  await expect(structure).not.toContainText('9999');

  await page.getByRole('link', { name: 'Translations' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLIFF' }).click();
  const source = await readFile((await (await downloading).path())!, 'utf8');
  // Course title and description, then Basics, Start, Hello and its body: no unit of "Unused".
  expect(source.match(/<trans-unit /g)).toHaveLength(5);
  expect(source).not.toContain('Old draft');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(
    /without the 4 texts of hidden sections: learners never see them\.$/,
  );
});

test('completion criteria and imports speak to admins', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/completion-criteria');
  await page.getByLabel('Completes when').selectOption('coursePercentViewed');
  await page.getByLabel('Pages viewed (%)').fill('80');
  await expect(page.getByTestId('criterion-sentence')).toHaveText(
    'Each course is complete when a learner has viewed 80% of its pages.',
  );
  await expect(page.locator('main')).not.toContainText(/Wire value|coursePercentViewed|spec/);

  await page.goto('/imports');
  await expect(page.getByRole('heading', { name: 'File format' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(
    /spec|OpenAPI|sandbox|BulkImport|bulkImportAssetPath/,
  );
});
