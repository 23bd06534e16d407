// Issue 24, preview as a learner: from the course page and from the editor (an unsaved draft), at 1440
// and 390 px; the outline with each lesson's access; previous and next topic in course order; and a
// hostile body whose <script>, onerror and javascript: link never run.
import type { Page } from '@playwright/test';
import { rowTitle } from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';
import type { SandboxClient } from '../support/sandbox.ts';
import { createGroup } from './link-server.ts';

// Each part, if it ran, would tell the console's page (postMessage reaches it from any frame).
const HOSTILE = [
  '<p>Hello learner.</p>',
  "<script>parent.postMessage('ran: script', '*')</script>",
  `<img src="http://127.0.0.2:9/missing.png" alt="A chart" onerror="parent.postMessage('ran: onerror', '*')">`,
  `<p><a href="javascript:parent.postMessage('ran: javascript link', '*')">Open the notes</a></p>`,
].join('');

/** Collects what frames post to the page, from before its own scripts. */
const LISTEN = `window.__ran = []; addEventListener('message', (event) => window.__ran.push(String(event.data)));`;

async function createPreviewCourse(sandbox: SandboxClient) {
  const title = `Preview ${Date.now()}`;
  const { courseId, groupId } = await createGroup(sandbox, {
    title,
    description: 'Seen as learners see it.',
    sections: [
      {
        title: 'Getting started',
        lessons: [
          {
            title: 'Welcome lesson',
            openType: 'open',
            topics: [
              { title: 'Hostile page', type: 'text', body: HOSTILE },
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
  });
  return { title, courseId, groupId };
}

/** The listener hears a frame's message (so silence below means nothing ran), then forgets it. */
async function expectListening(page: Page) {
  await page.evaluate(() => window.postMessage('listening', '*'));
  await expect
    .poll(() => page.evaluate(() => (window as { __ran?: string[] }).__ran))
    .toEqual(['listening']);
  await page.evaluate(() => ((window as { __ran?: string[] }).__ran = []));
}

/** Nothing of the hostile body ran: nothing posted, no dialog. */
async function expectNothingRan(page: Page) {
  // Long enough for a script, an image's error and a click's navigation to have run.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as { __ran?: string[] }).__ran)).toEqual([]);
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
  await page.addInitScript(LISTEN);
  const { title, groupId } = await createPreviewCourse(sandbox);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/course-groups/${groupId}`);
  await expectListening(page);
  await page.getByRole('button', { name: 'Preview as a learner' }).click();
  const preview = page.getByRole('dialog', { name: `Preview as a learner: ${title}` });
  // The learner's outline: sections, lessons with their access in words, topics.
  await expect(preview.getByRole('heading', { name: 'Section 1: Getting started' })).toBeVisible();
  await expect(preview.getByText('Free preview')).toBeVisible();
  await expect(preview.getByText('Email required')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'learner preview outline');
  await lookAtDesk(page, 'learner-preview-outline');

  await preview.getByRole('button', { name: 'Hostile page' }).click();
  await expect(preview.getByRole('heading', { name: 'Hostile page' })).toBeVisible();
  await expect(preview.getByText('Access:')).toContainText('Free preview');
  const frame = preview.getByTestId('learner-frame');
  await expect(frame).toHaveAttribute('sandbox', '');
  const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
  expect(srcdoc).not.toMatch(/<script|onerror|javascript:/i);
  const body = page.frameLocator('[data-testid="learner-frame"]');
  await expect(body.getByText('Hello learner.')).toBeVisible();
  // The frame's own stylesheet loads, although the frame's origin is opaque.
  await expect(body.locator('body')).toHaveCSS('font-family', /system-ui/);
  // The javascript: link lost its address; clicking it does nothing.
  await body.getByText('Open the notes').click();
  await expectNothingRan(page);
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
  await expectNothingRan(page);
  expect(dialogs).toEqual([]);
});

test('the editor previews the unsaved draft from the selected topic', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('contentManager');
  await page.addInitScript(LISTEN);
  const { courseId } = await createPreviewCourse(sandbox);
  await page.goto(`/editor/${courseId}`);
  await expectListening(page);
  await rowTitle(page, 'Second topic').click();
  await page
    .getByRole('textbox', { name: 'Body', exact: true })
    .fill('<p>Edited, not applied yet.</p>');
  await page.getByRole('button', { name: 'Preview as a learner' }).click();
  const preview = page.getByRole('dialog', { name: /^Preview as a learner/ });
  await expect(preview.getByRole('heading', { name: 'Second topic' })).toBeVisible();
  const body = page.frameLocator('[data-testid="learner-frame"]');
  await expect(body.getByText('Edited, not applied yet.')).toBeVisible();
  await preview.getByRole('button', { name: '← Previous: Hostile page' }).click();
  await expect(body.getByText('Hello learner.')).toBeVisible();
  await expectNothingRan(page);
  await preview.getByRole('button', { name: 'Course outline' }).click();
  await expect(preview.getByRole('button', { name: 'Third topic' })).toBeVisible();
});
