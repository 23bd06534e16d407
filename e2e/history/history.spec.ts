// Course history and the audit's old -> new values, against the real sandbox: a change keeps a
// version; the History tab lists it in words, shows what one change did and compares two side by side
// (a rename as a rename, a move as a move); "Restore this version" opens the editor with the first
// version, Apply puts the course back to it; a bulk price change names each course with its old and
// new price under Touched.
import type { APIRequestContext, Page } from '@playwright/test';
import { row, rowTitles, shape, structureOf } from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

/**
 * With LECTERN_SCREENSHOTS=1, saves the page as docs/screenshots/<name>.png for the guides. Without it
 * nothing is written: a normal run left the committed screenshots changed in the working tree.
 */
async function guideShot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!process.env.LECTERN_SCREENSHOTS) return;
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage });
}

/** A course made through the console server (so its history starts with the create). */
async function createThroughConsole(
  request: APIRequestContext,
  headers: Record<string, string>,
  title: string,
): Promise<{ courseId: string; groupId: string }> {
  const response = await request.post('/api/v2/content/course/create', {
    headers,
    data: {
      courseAttributes: [
        {
          title,
          kind: 'courseGroup',
          sections: [
            {
              title: 'Basics',
              lessons: [
                {
                  title: 'Intro',
                  openType: 'studentsOnly',
                  topics: [
                    { title: 'Welcome', type: 'text', body: '<p>Welcome</p>' },
                    { title: 'Details', type: 'text', body: '<p>Details</p>' },
                  ],
                },
                { title: 'Deeper', openType: 'studentsOnly', topics: [] },
              ],
            },
          ],
        },
      ],
    },
  });
  expect(response.status()).toBe(200);
  const created = (await response.json()) as { courseIds: string[]; courseGroupIds: string[] };
  return { courseId: created.courseIds[0]!, groupId: created.courseGroupIds[0]! };
}

async function openHistory(page: Page, groupId: string, courseId: string) {
  await page.goto(`/course-groups/${groupId}?course=${courseId}`);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
}

const versionItem = (page: Page, number: number) =>
  page
    .getByRole('list', { name: 'Versions, newest first' })
    .getByRole('listitem')
    .filter({ hasText: `Version ${number}` });

/** A course with two versions: created, then "Intro" renamed and "Details" moved into "Deeper". */
async function courseWithAnEdit(
  request: APIRequestContext,
  headers: Record<string, string>,
  sandbox: Parameters<typeof structureOf>[0],
) {
  const created = await createThroughConsole(request, headers, `History ${Date.now()}`);
  const first = await structureOf(sandbox, created.courseId);
  // One person's calls on a course in quick succession make one version: the edit waits for the
  // create's version, as a person would take longer than the quiet time between the two.
  await versionsRecorded(request, created.courseId, 1);
  const [intro, deeper] = first.sections[0]!.lessons;
  const details = intro!.topics[1]!;
  const update = await request.put('/api/v2/content/course/update', {
    headers,
    data: {
      courseAttributes: {
        lessons: [{ id: intro!.id, title: 'Getting started' }],
        topics: [{ id: details.id, lessonId: deeper!.id }],
      },
    },
  });
  expect(update.status()).toBe(200);
  await versionsRecorded(request, created.courseId, 2);
  return { ...created, first };
}

/**
 * Waits until the course has `count` versions. A version is recorded a moment after its change (its
 * calls are gathered first), and the History tab looks again only every 5 s: a tab opened before the
 * version was recorded waited for its next look, which under load ran past the test's time.
 */
async function versionsRecorded(request: APIRequestContext, courseId: string, count: number) {
  await expect
    .poll(async () => {
      const page = await request.get(`/api/history/courses/${courseId}/versions?limit=5`);
      return ((await page.json()) as { versions: unknown[] }).versions.length;
    })
    .toBe(count);
}

test('history: the History tab lists versions, shows what one did and compares two', async ({
  page,
  signInAs,
  sandbox,
  csrfHeaders,
}) => {
  await signInAs('admin');
  const { courseId, groupId } = await courseWithAnEdit(page.request, csrfHeaders, sandbox);

  await openHistory(page, groupId, courseId);
  await expect(versionItem(page, 2)).toContainText('Edited');
  await expect(versionItem(page, 1)).toContainText('Created');
  await expect(versionItem(page, 2)).toContainText('1 moved, 1 renamed');

  await versionItem(page, 2).getByRole('button', { name: 'What changed' }).click();
  const compare = page.getByRole('region', { name: 'Before version 2 compared with Version 2' });
  await expect(compare.getByText('renamed from “Intro”')).toBeVisible();
  await expect(compare.getByText('moved from “Intro” to “Deeper”')).toBeVisible();

  await versionItem(page, 1).getByRole('checkbox').check();
  await versionItem(page, 2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Compare versions 1 and 2' }).click();
  const both = page.getByRole('region', { name: 'Version 1 compared with Version 2' });
  await expect(both.getByText('renamed from “Intro”')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the History tab with a comparison');
  await guideShot(page, 'history-compare-1440', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await both.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await guideShot(page, 'history-compare-390', true);
});

test('history: Restore this version opens the editor with it; Apply puts the course back', async ({
  page,
  signInAs,
  sandbox,
  csrfHeaders,
}) => {
  await signInAs('admin');
  const { courseId, groupId, first } = await courseWithAnEdit(page.request, csrfHeaders, sandbox);
  await openHistory(page, groupId, courseId);
  await expect(versionItem(page, 2)).toContainText('Edited');

  await versionItem(page, 1).getByRole('link', { name: 'Restore this version' }).click();
  await expect(page.getByText('Restoring version 1')).toBeVisible();
  await expect(row(page, 'Intro')).toBeVisible();
  await expect
    .poll(() => rowTitles(page))
    .toEqual(['Basics', 'Intro', 'Welcome', 'Details', 'Deeper']);
  await guideShot(page, 'history-restore-1440');
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  const restored = await structureOf(sandbox, courseId);
  expect(shape(restored)).toEqual(shape(first));
  expect(restored.sections[0]!.lessons.map((lesson) => lesson.id)).toEqual(
    first.sections[0]!.lessons.map((lesson) => lesson.id),
  );
  await versionsRecorded(page.request, courseId, 3);
  await openHistory(page, groupId, courseId);
  await expect(versionItem(page, 3)).toContainText('Edited');
});

test('audit: a bulk price change names each course with its old and new price', async ({
  page,
  signInAs,
  csrfHeaders,
}) => {
  await signInAs('admin');
  const stamp = Date.now();
  const ids: string[] = [];
  for (const letter of ['A', 'B', 'C'])
    ids.push(
      (await createThroughConsole(page.request, csrfHeaders, `Priced ${letter} ${stamp}`)).courseId,
    );
  const response = await page.request.post('/api/v2/content/bulkUpdatePrices', {
    headers: csrfHeaders,
    data: { items: ids.map((courseId, i) => ({ courseId, priceInCents: 1250 + i * 100 })) },
  });
  expect(response.status()).toBe(200);
  await page.goto('/admin/audit?route=bulkUpdatePrices');
  const entry = page.getByTestId('audit-row').first();
  for (const [i, letter] of ['A', 'B', 'C'].entries()) {
    await expect(entry.getByText(`Priced ${letter} ${stamp}`)).toBeVisible();
    await expect(entry.getByText(`Price: $0.00 → $${12 + i}.50`)).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'the audit log with old and new prices');
  await guideShot(page, 'audit-touched-prices-1440');
});
