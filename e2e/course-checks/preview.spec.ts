// Issue 24, preview as a learner: from the course page and from the editor (an unsaved draft), at 1440
// and 390 px; the outline with each lesson's access; previous and next topic in course order; and a
// hostile body whose <script>, onerror and javascript: link never run.
import type { Page } from '@playwright/test';
import { rowTitle } from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';
import type { SandboxClient } from '../support/sandbox.ts';

const HOSTILE = [
  '<p>Hello learner.</p>',
  "<script>parent.document.title = 'ran: script'; window.top.ranScript = true;</script>",
  `<img src="http://127.0.0.2:9/missing.png" alt="A chart" onerror="parent.document.title = 'ran: onerror'">`,
  `<p><a id="js-link" href="javascript:parent.document.title='ran: javascript link'">Open the notes</a></p>`,
].join('');

async function createPreviewCourse(sandbox: SandboxClient) {
  const title = `Preview ${Date.now()}`;
  const created = await sandbox.api<{ courseIds: string[]; courseGroupIds: string[] }>(
    'POST',
    '/content/course/create',
    {
      courseAttributes: [
        {
          title,
          kind: 'courseGroup',
          description: 'Seen as learners see it.',
          sections: [
            {
              title: 'Getting started',
              lessons: [
                {
                  title: 'Welcome lesson',
                  openType: 'open',
                  topics: [
                    { title: 'Hostile body', type: 'text', body: HOSTILE },
                    { title: 'Second topic', type: 'text', body: '<h2>Two</h2><p>Second.</p>' },
                  ],
                },
                {
                  title: 'Members lesson',
                  openType: 'emailCaptureOpen',
                  topics: [{ title: 'Third topic', type: 'text', body: '<p>Third.</p>' }],
                },
              ],
            },
          ],
        },
      ],
    },
  );
  return { title, courseId: created.courseIds[0]!, groupId: created.courseGroupIds[0]! };
}

/** Nothing of the hostile body ran: no title change, no flag, no dialog. */
async function expectNothingRan(page: Page, title: string) {
  expect(await page.title()).toBe(title);
  expect(await page.evaluate(() => (window as { ranScript?: boolean }).ranScript)).toBeUndefined();
}

test('the course page previews the outline and each topic at desktop and phone widths', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAs('support');
  const { title, groupId } = await createPreviewCourse(sandbox);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/course-groups/${groupId}`);
  await page.getByRole('button', { name: 'Preview as a learner' }).click();
  const preview = page.getByRole('dialog', { name: `Preview as a learner: ${title}` });
  // The learner's outline: sections, lessons with their access in words, topics.
  await expect(preview.getByRole('heading', { name: 'Section 1: Getting started' })).toBeVisible();
  await expect(preview.getByText('Free preview')).toBeVisible();
  await expect(preview.getByText('Email required')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'learner preview outline');
  await lookAtDesk(page, 'learner-preview-outline');

  await preview.getByRole('button', { name: 'Hostile body' }).click();
  await expect(preview.getByRole('heading', { name: 'Hostile body' })).toBeVisible();
  await expect(preview.getByText('Access:')).toContainText('Free preview');
  const frame = preview.getByTestId('learner-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
  expect(srcdoc).not.toMatch(/<script|onerror|javascript:/i);
  const body = page.frameLocator('[data-testid="learner-frame"]');
  await expect(body.getByText('Hello learner.')).toBeVisible();
  // The javascript: link lost its address; clicking it does nothing.
  await body.getByText('Open the notes').click();
  await expectNothingRan(page, title);
  await expectNoSeriousA11yViolations(page, 'learner preview topic');

  // Next and previous in course order, across lessons.
  await preview.getByRole('button', { name: 'Next: Second topic →' }).click();
  await expect(body.getByRole('heading', { name: 'Two' })).toBeVisible();
  await preview.getByRole('button', { name: 'Next: Third topic →' }).click();
  await expect(preview.getByText('Access:')).toContainText('Email required');
  await expect(preview.getByRole('button', { name: /^Next/ })).toHaveCount(0);
  await preview.getByRole('button', { name: '← Previous: Second topic' }).click();
  await expect(preview.getByRole('heading', { name: 'Second topic' })).toBeVisible();

  // The phone width: the frame is 390 px wide inside the dialog; the page fits a phone too.
  await preview.getByLabel('Phone (390 px)').check();
  const device = preview.locator('.learner-preview__device');
  expect((await device.boundingBox())!.width).toBeLessThanOrEqual(390);
  await expectFitsPhone(page, 'learner-preview-topic');
  await expectNothingRan(page, title);
  expect(dialogs).toEqual([]);
});

test('the editor previews the unsaved draft from the selected topic', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('contentManager');
  const { courseId } = await createPreviewCourse(sandbox);
  await page.goto(`/editor/${courseId}`);
  await rowTitle(page, 'Second topic').click();
  await page.getByLabel('Body').fill('<p>Edited, not applied yet.</p>');
  await page.getByRole('button', { name: 'Preview as a learner' }).click();
  const preview = page.getByRole('dialog', { name: /^Preview as a learner/ });
  await expect(preview.getByRole('heading', { name: 'Second topic' })).toBeVisible();
  const body = page.frameLocator('[data-testid="learner-frame"]');
  await expect(body.getByText('Edited, not applied yet.')).toBeVisible();
  await preview.getByRole('button', { name: '← Previous: Hostile body' }).click();
  await expect(body.getByText('Hello learner.')).toBeVisible();
  expect(await page.evaluate(() => (window as { ranScript?: boolean }).ranScript)).toBeUndefined();
  await preview.getByRole('button', { name: 'Course outline' }).click();
  await expect(preview.getByRole('button', { name: 'Third topic' })).toBeVisible();
});
