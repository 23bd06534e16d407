// Issue 24, course checks: a course with one finding of each kind (structure, links, accessibility,
// catalog) shows them all in the editor's Checks panel; clicking one selects its item in the outline;
// fixing a broken link in the editor clears it after the next apply. On the course page the same
// report, its item shown in the structure, the error count on Publish and a confirmation naming them.
import type { Page } from '@playwright/test';
import type { LinkServer } from '../../test/helpers/link-server.ts';
import { rowTitle } from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import type { SandboxClient } from '../support/sandbox.ts';
import { createGroup, test } from './link-server.ts';

async function createCheckedCourse(sandbox: SandboxClient, links: LinkServer) {
  const title = `Checked ${Date.now()}`;
  const { courseId, groupId } = await createGroup(sandbox, {
    title,
    // No thumbnail (asset): a catalog finding.
    description: 'How the checks work.',
    sections: [
      {
        title: 'Basics',
        lessons: [
          {
            title: 'Intro',
            openType: 'open',
            topics: [
              {
                title: 'Welcome',
                type: 'text',
                body: `<p>Read <a href="${links.url('/missing/guide')}">the old guide</a>.</p>`,
              },
              {
                title: 'Pictures',
                type: 'text',
                body: `<p>A chart:</p><p><img src="${links.url('/ok/chart.png')}"></p>`,
              },
            ],
          },
          // No topics: a structure finding.
          { title: 'Later', openType: 'studentsOnly', topics: [] },
        ],
      },
    ],
  });
  return { title, courseId, groupId };
}

const finding = (page: Page, rule: string) =>
  page.getByTestId('checks-panel').locator(`[data-finding="${rule}"]`);

test('the editor shows a finding of each kind, goes to its item, and a fixed link clears after apply', async ({
  page,
  sandbox,
  links,
  signInAs,
}) => {
  await signInAs('contentManager');
  const { courseId } = await createCheckedCourse(sandbox, links);
  await page.goto(`/editor/${courseId}`);
  const panel = page.getByTestId('checks-panel');
  await expect(panel).toBeVisible();
  // Structure, links (from the console server), accessibility and catalog.
  await expect(finding(page, 'emptyLesson')).toContainText('Later');
  await expect(finding(page, 'linkBroken')).toContainText(
    'Broken: the server answers 404 Not Found.',
  );
  await expect(finding(page, 'imageWithoutAlt')).toContainText('Pictures');
  await expect(finding(page, 'noThumbnail')).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('Saved course checked at');
  await expectNoSeriousA11yViolations(page, 'editor with the Checks panel');

  // A finding selects its item in the outline.
  await finding(page, 'imageWithoutAlt').click();
  await expect(rowTitle(page, 'Pictures')).toHaveAttribute('aria-current', 'true');
  await finding(page, 'emptyLesson').click();
  await expect(rowTitle(page, 'Later')).toHaveAttribute('aria-current', 'true');

  // Fix the broken link: it is the saved course's, so it clears once the fix is applied.
  await finding(page, 'linkBroken').click();
  await expect(rowTitle(page, 'Welcome')).toHaveAttribute('aria-current', 'true');
  await page
    .getByLabel('Body')
    .fill(`<p>Read <a href="${links.url('/ok/guide')}">the guide</a>.</p>`);
  // A check of the draft: the image's alt text is fixed at once, without an apply.
  await rowTitle(page, 'Pictures').click();
  await page
    .getByLabel('Body')
    .fill(`<p>A chart:</p><p><img src="${links.url('/ok/chart.png')}" alt="Sales by month"></p>`);
  await expect(finding(page, 'imageWithoutAlt')).toHaveCount(0);
  await expect(finding(page, 'linkBroken')).toBeVisible();
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  await expect(finding(page, 'linkBroken')).toHaveCount(0, { timeout: 15_000 });
  await expect(finding(page, 'emptyLesson')).toBeVisible();
});

test('the course page shows the report, the item in the structure, and Publish names the errors', async ({
  page,
  sandbox,
  links,
  signInAs,
}) => {
  await signInAs('admin');
  const { title, groupId } = await createCheckedCourse(sandbox, links);
  await page.goto(`/course-groups/${groupId}`);
  const panel = page.getByTestId('checks-panel');
  await expect(finding(page, 'linkBroken')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('heading', { name: /errors?$/ }).first()).toBeVisible();

  await finding(page, 'emptyLesson').click();
  const later = page.locator('[data-item-id][aria-current="true"]');
  await expect(later).toContainText('Later');
  await expect(later).toBeFocused();

  const errors = await panel.locator('.finding--error').count();
  expect(errors).toBeGreaterThan(0);
  const publish = page.getByRole('button', { name: /^Publish/ });
  await expect(publish).toHaveAccessibleName(
    `Publish ${errors} ${errors === 1 ? 'error' : 'errors'} found by the checks`,
  );
  await publish.click();
  const dialog = page.getByRole('dialog', { name: `Publish “${title}”?` });
  const notice = dialog.getByTestId('check-errors');
  await expect(notice).toContainText(`The course checks found ${errors} error`);
  await expect(notice).toContainText(
    'Section 1, lesson 1, topic 1 · Welcome: Broken: the server answers 404 Not Found.',
  );
  await expect(notice.getByRole('listitem')).toHaveCount(errors);
  await expect(
    dialog.getByRole('button', { name: `Publish with ${errors} error${errors === 1 ? '' : 's'}` }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'publish confirmation with check errors');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
