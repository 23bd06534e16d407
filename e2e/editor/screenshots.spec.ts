// README screenshots of the course editor (docs/screenshots/editor-*.png). Not part of the normal
// run: `LECTERN_SCREENSHOTS=1 npx playwright test e2e/editor/screenshots.spec.ts`.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createCourse, row, rowTitle, signedInContext } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test.skip(
  !process.env.LECTERN_SCREENSHOTS,
  'set LECTERN_SCREENSHOTS=1 to refresh README screenshots',
);
test.use({ viewport: { width: 1440, height: 900 } });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join('docs', 'screenshots', `${name}.png`), animations: 'disabled' });

test('README screenshots of the course editor', async ({ page, sandbox, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs('contentManager');

  // A new course, built from the keyboard: inline titles, Enter for the next one.
  await page.goto('/editor/new');
  await page.getByLabel('Title', { exact: true }).fill('Customer onboarding essentials');
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.keyboard.type('Understanding the customer journey today');
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  await page.keyboard.type('Mapping every touchpoint end to end');
  await page.keyboard.press('Enter');
  await page.keyboard.press('a');
  for (const [i, title] of ['Welcome and goals', 'The five stages', 'Your first map'].entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.type(title);
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Title of the new topic')).toBeFocused();
  await page.keyboard.type('Check');
  await page.waitForTimeout(300);
  await shot(page, 'editor-new-course');
  await page.keyboard.press('Escape');

  // A saved course: the row menu, then "Move to…".
  const { courseId, groupId } = await createCourse(sandbox, 'Store operations handbook', {
    'Opening the store safely every morning': {
      'Before the doors open to customers': ['Alarm and lights', 'Cash drawer count'],
      'The first hour on the shop floor': ['Greeting the first customers'],
    },
    'Closing and reporting at the end of the day': {
      'End of day reports': ['Daily takings report'],
    },
  });
  await page.goto(`/editor/${courseId}`);
  await rowTitle(page, 'Cash drawer count').press('F2');
  await page.keyboard.press('End');
  await page.keyboard.type(' and float');
  await page.keyboard.press('Enter');
  await row(page, 'Greeting the first customers')
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'editor-outline-menu');
  await page.getByRole('menuitem', { name: 'Move to…' }).click();
  const move = page.getByRole('dialog', { name: /^Move Topic/ });
  await move.getByLabel('Into which lesson').selectOption({
    label: 'Section “Closing and reporting at the end of the day” › Lesson “End of day reports”',
  });
  await page.waitForTimeout(300);
  await shot(page, 'editor-move-to');
  await move.getByRole('button', { name: 'Cancel' }).click();

  // Someone else renames the same lesson and changes the description: the conflict panel.
  await rowTitle(page, 'The first hour on the shop floor').press('F2');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Opening hour');
  await page.keyboard.press('Enter');
  const structure = await sandbox.api<{
    sections: { lessons: { id: string; title: string }[] }[];
  }>('GET', `/courses/${courseId}/structure`);
  const lesson = structure.sections[0]!.lessons[1]!;
  await sandbox.api('PUT', '/content/course/update', {
    courseAttributes: {
      courseGroups: [{ id: groupId, description: 'Updated by the store operations team' }],
      lessons: [{ id: lesson.id, title: 'The first hour with customers' }],
    },
  });
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByRole('dialog', { name: /changed on the server/ })).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForTimeout(300);
  await shot(page, 'editor-conflict');
});

test('guide screenshots of presence and the edit lease, at 1440 and 390 px', async ({
  page,
  browser,
  baseURL,
  sandbox,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await signInAs('contentManager');
  const { courseId } = await createCourse(sandbox, 'Store operations handbook', {
    'Opening the store safely every morning': {
      'Before the doors open to customers': ['Alarm and lights', 'Cash drawer count'],
    },
  });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/editor/${courseId}`);
  await page.getByLabel('Description', { exact: true }).fill('Checks before the doors open.');
  // A colleague (the admin) opens it in another browser and takes over.
  const ada = await signedInContext(browser, baseURL!, 'admin');
  const other = await ada.context.newPage();
  await other.goto(`/editor/${courseId}`);
  await other.getByRole('button', { name: 'Edit here instead' }).click();
  await expect(page.getByText(`${ada.name} took over editing`)).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'editor-presence');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await shot(page, 'phone-editor-presence');
  await ada.context.close();
});
