// Editing together: presence and the edit lease between two colleagues on two console servers sharing
// one PostgreSQL (the `consoleCluster` fixture), and one user's two tabs following each other on one
// server, with reloads, in both orders of edits. Timing: the other person appears within 2 s.
import type { BrowserContext, Page } from '@playwright/test';
import { backupOf, createCourse, row, signedInContext } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

const description = (page: Page) => page.getByLabel('Description', { exact: true });
const alsoHere = (page: Page) => page.getByRole('region', { name: 'Also on this course' });
const editHere = (page: Page) => page.getByRole('button', { name: 'Edit here instead' });

async function openEditor(context: BrowserContext, courseId: string): Promise<Page> {
  const page = await context.newPage();
  // A reload with unapplied changes asks first; the specs reload on purpose.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'Lesson one')).toBeVisible();
  return page;
}

test('two colleagues on two servers: presence within 2 s, take-over, the holder’s draft kept as a backup', async ({
  browser,
  consoleCluster,
}) => {
  const { urls, sandbox } = consoleCluster;
  const title = `Together ${Date.now()}`;
  const { courseId } = await createCourse(sandbox, title, {
    'Section one': { 'Lesson one': ['Hi'] },
  });
  const ann = await signedInContext(browser, urls[0], 'contentManager');
  const ada = await signedInContext(browser, urls[1], 'admin');
  try {
    const a = await openEditor(ann.context, courseId);
    await description(a).fill('Ann’s unapplied words');
    await expect.poll(() => backupOf(a, courseId)).toContain('Ann’s unapplied words');

    // Ada opens the course on the other server: read-only, told who edits it.
    const b = await openEditor(ada.context, courseId);
    await expect(b.getByText(`${ann.name} is editing this course`)).toBeVisible();
    await expect(description(b)).toBeDisabled();
    // Ann sees her within 2 s, on the other server.
    await expect(alsoHere(a)).toContainText(`${ada.name} in another browser`, { timeout: 2000 });
    await expect(alsoHere(b)).toContainText(`${ann.name} in another browser`);
    await expect(alsoHere(b)).toContainText('editing');

    // Ada takes over: Ann is told at once, her tab turns read-only and keeps her draft aside.
    await editHere(b).click();
    await expect(description(b)).toBeEnabled();
    await expect(a.getByText(`${ada.name} took over editing`)).toBeVisible({ timeout: 2000 });
    await expect(description(a)).toBeDisabled();
    await expect(description(a)).toHaveValue('Ann’s unapplied words');
    await expect(a.getByText(/kept as the backup/)).toBeVisible();

    // After a reload Ann is still read-only (Ada edits), and the backup is there to compare.
    await a.reload();
    await expect(a.getByText(`${ada.name} is editing this course`)).toBeVisible();
    await a.getByRole('button', { name: 'Backups (1)' }).click();
    const dialog = a.getByRole('dialog', { name: 'Backups of this draft' });
    await expect(dialog.getByRole('button', { name: 'Restore' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Compare' }).click();
    await expect(dialog.getByRole('row', { name: /Course · Description/ })).toContainText(
      'Ann’s unapplied words',
    );
    await a.keyboard.press('Escape');

    // Ann takes it back and restores her words; Ada's tab is told in turn.
    await description(b).fill('Ada’s words');
    await editHere(a).click();
    await expect(b.getByText(`${ann.name} took over editing`)).toBeVisible({ timeout: 2000 });
    await a.getByRole('button', { name: 'Backups (1)' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
    await a.keyboard.press('Escape');
    await expect(description(a)).toHaveValue('Ann’s unapplied words');
    await expect(description(a)).toBeEnabled();
  } finally {
    await ann.context.close();
    await ada.context.close();
  }
});

test('one user’s two tabs: the second follows the first, take-over both ways, no edit lost across reloads', async ({
  page,
  signInAs,
  sandbox,
}) => {
  await signInAs('contentManager');
  const { courseId } = await createCourse(sandbox, `Two tabs ${Date.now()}`, {
    'Section one': { 'Lesson one': ['Hi'] },
  });
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`/editor/${courseId}`);
  const first = page;
  await expect(row(first, 'Lesson one')).toBeVisible();
  await description(first).fill('one');

  const second = await openEditor(page.context(), courseId);
  await expect(second.getByText('You are editing this course in another tab')).toBeVisible();
  await expect(alsoHere(second)).toContainText('You in another tab of yours');
  await expect(description(second)).toHaveValue('one');
  // Edits in the first tab reach the second live.
  await description(first).fill('one two');
  await expect(description(second)).toHaveValue('one two');
  await second.reload();
  await expect(description(second)).toHaveValue('one two');
  await expect(description(second)).toBeDisabled();

  // The other order: the second tab takes over and edits; the first follows, even after a reload.
  await editHere(second).click();
  await expect(description(second)).toBeEnabled();
  await expect(description(first)).toBeDisabled();
  await description(second).fill('one two three');
  await expect(description(first)).toHaveValue('one two three');
  await first.reload();
  await expect(description(first)).toHaveValue('one two three');
  await second.reload();
  await expect(description(second)).toHaveValue('one two three');
  await expect(description(second)).toBeEnabled();
  await expect.poll(() => backupOf(first, courseId)).toContain('one two three');

  // And back: the first tab edits again; nothing of the second's is lost.
  await editHere(first).click();
  await description(first).fill('one two three four');
  await expect(description(second)).toHaveValue('one two three four');
  await expect.poll(() => backupOf(second, courseId)).toContain('one two three four');
});
