// Certificate templates created and changed in bulk: rows checked before sending, per-template
// results with the ids the API gave, a change of one saved template, and roles.
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectFitsPhone, lookAtDesk } from '../support/layout.ts';

test('two templates created for picked courses, then one renamed from the saved list', async ({
  page,
  sandbox,
  signInAs,
}) => {
  const prefix = `Cert ${Date.now()}`;
  const groups = await sandbox.createGroups(3, prefix);
  await signInAs('admin');
  await page.goto('/certificate-templates');
  const first = page.getByRole('listitem', { name: 'Template 1' });
  await expect(first).toContainText('Name: ');
  await expect(page.getByTestId('templates-preview')).toHaveText(
    '0 templates ready; 1 template needs attention.',
  );
  await first.getByLabel('Name').fill(`${prefix} completion`);
  await first.getByLabel('Body (HTML)').fill('<h1>Well done</h1>');
  await first.getByText('Add courses to template 1').click();
  await first.getByLabel('Find courses').fill(prefix);
  await first.getByRole('button', { name: 'Add all 3' }).click();
  await expect(
    first.getByRole('list', { name: 'Courses of template 1' }).getByRole('listitem'),
  ).toHaveCount(3);

  await page.getByRole('button', { name: 'Add a template' }).click();
  const second = page.getByRole('listitem', { name: 'Template 2' });
  await second.getByLabel('Name').fill(`${prefix} diploma`);
  await second.getByLabel('Orientation').selectOption('portrait');
  await expect(page.getByTestId('templates-preview')).toHaveText('2 templates ready.');
  await expectNoSeriousA11yViolations(page, 'certificate templates form');
  await lookAtDesk(page, 'certificate-templates');
  await expectFitsPhone(page, 'certificate-templates');

  await page.getByRole('button', { name: 'Create 2 templates' }).click();
  await page.getByRole('button', { name: 'Send 2 templates' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText('2 of 2 settled · 2 done · 0 failed');
  const saved = page.getByRole('table', { name: 'Certificate templates saved from this console' });
  const row = saved.getByRole('row').filter({ hasText: `${prefix} completion` });
  await expect(row).toContainText('Landscape');
  await expect(row).toContainText('3 courses');
  await expect(saved.getByRole('row').filter({ hasText: `${prefix} diploma` })).toContainText(
    'Portrait',
  );
  const id = await row.getAttribute('data-template');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Close' }).click();

  // Change the first one: a new name; its courses stay.
  await row.getByRole('button', { name: `Change ${prefix} completion` }).click();
  const change = page.getByRole('listitem', { name: 'Template 1' });
  await expect(change.getByLabel('Template id')).toHaveValue(id!);
  await change.getByLabel('New name (optional)').fill(`${prefix} completion v2`);
  await page.getByRole('button', { name: 'Change 1 template' }).click();
  const sent = page.waitForRequest((request) =>
    request.url().endsWith('/certificate-templates/bulk/update'),
  );
  await page.getByRole('button', { name: 'Send 1 template' }).click();
  expect((await sent).postDataJSON()).toEqual({ items: [{ id, name: `${prefix} completion v2` }] });
  await expect(page.getByTestId('bulk-summary')).toHaveText('1 of 1 settled · 1 done · 0 failed');
  const renamed = saved.locator(`[data-template="${id}"]`);
  await expect(renamed).toContainText(`${prefix} completion v2`);
  await expect(renamed).toContainText('3 courses');
  expect(groups).toHaveLength(3);
});

test('an unknown template id fails with the API message; support and content managers only look', async ({
  page,
  signInAs,
  csrfHeaders,
}) => {
  await signInAs('admin');
  await page.goto('/certificate-templates');
  await page.getByRole('radio', { name: 'Change templates' }).check();
  const row = page.getByRole('listitem', { name: 'Template 1' });
  const unknown = '00000000-0000-4000-8000-000000000001';
  await row.getByLabel('Template id').fill(unknown);
  await row.getByLabel('New name (optional)').fill('Renamed');
  await page.getByRole('button', { name: 'Change 1 template' }).click();
  await page.getByRole('button', { name: 'Send 1 template' }).click();
  await expect(page.getByTestId('bulk-summary')).toHaveText('1 of 1 settled · 0 done · 1 failed');
  await expect(page.locator('.bulk-item[data-status="failed"]')).toContainText(
    `HTTP 400Certificate templates not found: ${unknown}`,
  );
  await page.context().clearCookies();

  for (const role of ['contentManager', 'support'] as const) {
    await signInAs(role);
    await page.goto('/certificate-templates');
    await expect(
      page.getByText('Creating and changing templates is done by admins.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Create|Change) \d/ })).toHaveCount(0);
    const refused = await page.request.post('/api/v2/content/certificate-templates/bulk', {
      data: { items: [{ name: 'x' }] },
      headers: csrfHeaders,
    });
    expect(refused.status(), role).toBe(403);
    await page.context().clearCookies();
  }
});
