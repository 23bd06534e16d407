// The admin screens' words (issue 23 item 5), each against the real sandbox: the course-group table at
// 1440 px cuts only titles and says content types in words; the content view marks the hidden
// "Unused" section and leaves it out of its counts; completion criteria say what a criterion means;
// the imports page speaks to admins.
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
