// Translations (spec 4.4 `.xlf`): a round trip through the console (download, translate, upload after a
// preview, read the stored translations back), malformed and refused files that send nothing, and roles.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

const uploadsOf = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('.xlf')) seen.push(request.url());
  });
  return seen;
};

async function pickFile(page: Page, name: string, xml: string) {
  await page.getByLabel('Translated XLIFF file').setInputFiles({
    name,
    mimeType: 'application/xliff+xml',
    buffer: Buffer.from(xml),
  });
}

test('an XLIFF round trip: download, translate, preview, upload, read the translation back', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('contentManager');
  const [group] = await sandbox.createGroups(1, `Translate ${Date.now()}`);
  const uploads = uploadsOf(page);
  await page.goto(`/content/courses/${group!.courseId}`);
  await page.getByRole('link', { name: 'Translations' }).click();
  await expect(page).toHaveURL(`/translations/courses/${group!.courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Translations of “${group!.title}”`,
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XLIFF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^translate-\d+-0001\.xlf$/);
  const source = await readFile((await download.path())!, 'utf8');
  expect(source).toContain(`original="courses/${group!.courseId}"`);
  const units = source.match(/<trans-unit /g)!.length;
  expect(units).toBe(5); // course title, section, lesson, topic title and body

  // A translator fills in two targets and the target language.
  const translated = source
    .replace('source-language="en"', 'source-language="en" target-language="fr"')
    .replace(
      `<source>${group!.title}</source>`,
      `<source>${group!.title}</source>\n        <target>Traduire ${group!.title.slice(10)}</target>`,
    )
    .replace(
      '<source>Section one</source>',
      '<source>Section one</source>\n        <target>Première partie</target>',
    );
  await pickFile(page, 'course.fr.xlf', translated);
  const preview = page.getByTestId('translation-preview');
  await expect(preview).toContainText('Target languagefr');
  await expect(preview).toContainText(`Units${units}`);
  await expect(preview).toContainText('Translated2');
  await expect(preview).toContainText(`Left untranslated${units - 2}`);
  await expect(preview.getByRole('list', { name: 'Examples from the file' })).toContainText(
    'Section one→Première partie',
  );
  await expectNoSeriousA11yViolations(page, 'translation preview');
  await lookAtDesk(page, 'translations');
  await expectFitsPhone(page, 'translations');
  expect(uploads).toEqual([]);

  await page.getByRole('button', { name: 'Upload 2 translations (fr)' }).click();
  await expect(page.getByText('Stored 2 translations in fr.')).toBeVisible();
  expect(uploads).toHaveLength(1);
  // Read back through the console: the stored translations of the language just uploaded.
  const stored = page.getByRole('list', { name: 'Translations into fr' });
  await expect(stored.locator('li[data-translated="true"]')).toHaveCount(2);
  await expect(stored).toContainText('Première partie');
  await expect(page.getByRole('region', { name: 'Stored translations' })).toContainText(
    `2 units of ${units} translated into fr.`,
  );
  // And straight from the sandbox.
  const back = await sandbox.request(
    'GET',
    `/incoming/v2/content/courses/${group!.courseId}.xlf?language=fr`,
  );
  expect(back.text).toContain('<target>Première partie</target>');
});

test('a malformed or refused file is explained and nothing is sent', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  const [group] = await sandbox.createGroups(1, `Refuse ${Date.now()}`);
  const uploads = uploadsOf(page);
  await page.goto(`/translations/courses/${group!.courseId}`);
  await pickFile(page, 'broken.xlf', '<xliff version="1.2"><file><body></file></xliff>');
  await expect(page.getByRole('alert')).toContainText(
    "Not uploaded: This is not an XLIFF 1.2 file: Expected closing tag 'body'",
  );
  await expect(page.getByRole('button', { name: /^Upload/ })).toHaveCount(0);

  // Well-formed, but for another item: the API's own message, before anything is sent.
  const other = `<?xml version="1.0"?><xliff version="1.2"><file original="courses/${group!.groupId}" target-language="de"><body><trans-unit id="title"><source>a</source><target>b</target></trans-unit></body></file></xliff>`;
  await pickFile(page, 'other.xlf', other);
  await expect(page.getByRole('alert')).toHaveText(
    `Not uploaded: XLIFF <file original> must be 'courses/${group!.courseId}', the item of this URL`,
  );
  expect(uploads).toEqual([]);
});

test('support downloads but sees no upload; the server refuses one anyway', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('support');
  const [group] = await sandbox.createGroups(1, `Support xlf ${Date.now()}`);
  await page.goto(`/translations/courses/${group!.courseId}`);
  await expect(page.getByRole('button', { name: 'Download XLIFF' })).toBeVisible();
  await expect(page.getByLabel('Translated XLIFF file')).toHaveCount(0);
  await expect(
    page.getByText('Uploading translations is done by admins and content managers.'),
  ).toBeVisible();
  const refused = await page.request.put(`/api/v2/content/courses/${group!.courseId}.xlf`, {
    data: '<xliff version="1.2"/>',
    headers: {
      'X-Lectern-Csrf': '1',
      'content-type': 'text/xml',
      origin: page.url().split('/translations')[0]!,
    },
  });
  expect(refused.status()).toBe(403);
});
