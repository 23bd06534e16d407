// The audit log page: records of state-changing calls made in the test, filters kept in the URL, "Load
// more" over keyset pages, and CSV/NDJSON exports that hold exactly what the filter selects.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../support/env.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { publishThenReplaceThumbnail } from '../support/group-page.ts';
import { DESK, expectFitsPhone, PHONE } from '../support/layout.ts';

const rows = (page: Page) => page.getByTestId('audit-row');

interface Entry {
  seq: number;
  userEmail: string;
  route: string;
  operation: string;
  summary: string;
  status: number;
  upstreamStatus: number | null;
  jobId: string | null;
  bodySha256: string | null;
  refusal: string | null;
}

async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ]);
  const path = await file.path();
  return { file: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('a grant made on the roles page is in the audit log; filters and exports follow the URL', async ({
  page,
  signInAs,
}) => {
  // Unique per run, so a repeated run (--repeat-each) finds exactly its own grant.
  const email = `audit-${Date.now()}@example.test`;
  await signInAs('admin');
  await page.goto('/admin/roles');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText(`${email} is now support`)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const grantRow = rows(page).filter({ hasText: `grant support to ${email}` });
  await expect(grantRow).toHaveCount(1);
  await expect(grantRow).toContainText('PUT /api/roles/:email');
  await expect(grantRow).toContainText(DEMO_ACCOUNTS.admin.email);
  await expect(grantRow.locator('.badge')).toHaveText('200');
  await expectNoSeriousA11yViolations(page, 'audit page');

  // Filters go into the URL and narrow the list.
  await page.getByLabel('User', { exact: true }).fill(DEMO_ACCOUNTS.admin.email.toUpperCase());
  await page.getByLabel('Route').fill('grantRole');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/route=grantRole/);
  await expect(page).toHaveURL(/user=ADMIN%40LECTERN\.TEST/);
  await expect(rows(page).filter({ hasNotText: 'grantRole' })).toHaveCount(0);
  await expect(grantRow).toHaveCount(1);
  const shown = await rows(page).count();

  // The exports hold exactly the entries of the same filter.
  const api = await page.request.get(
    `/api/audit?user=${encodeURIComponent(DEMO_ACCOUNTS.admin.email)}&route=grantRole&limit=500`,
  );
  const listed = ((await api.json()) as { entries: Entry[] }).entries;
  expect(listed.length).toBe(shown);
  const ndjson = await download(page, 'Export NDJSON');
  expect(ndjson.file).toMatch(/^lectern-audit-.*\.ndjson$/);
  const exported = ndjson.text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Entry);
  expect(exported).toEqual(listed);
  const csv = await download(page, 'Export CSV');
  expect(csv.file).toMatch(/^lectern-audit-.*\.csv$/);
  const lines = csv.text.trim().split('\r\n');
  expect(lines[0]!.split(',').slice(0, 4)).toEqual(['seq', 'at', 'serverName', 'userEmail']);
  expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(
    listed.map((entry) => entry.seq),
  );
  expect(csv.text).toContain(`grant support to ${email}`);

  // A status that matches nothing, then a time range in the future: an empty state, not an error.
  await page.getByLabel('Status').fill('5xx');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=5xx/);
  await expect(page.getByText('No audit records match these filters')).toBeVisible();
  await page.getByLabel('Status').fill('nope');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(
    page.getByText('Enter a status code such as 403, or a class such as 4xx.'),
  ).toBeVisible();
  await page.getByLabel('Status').fill('2xx');
  await page.getByLabel('From').fill('2099-01-01T00:00');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/from=2099-/);
  await expect(page.getByText('No audit records match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(grantRow).toHaveCount(1);

  // A hand-edited link with a bad value drops that filter instead of failing.
  await page.goto('/admin/audit?status=abc&route=grantRole');
  await expect(page.getByLabel('Status')).toHaveValue('');
  await expect(page.getByLabel('Route')).toHaveValue('grantRole');
  await expect(grantRow).toHaveCount(1);
});

test('a refused update is recorded with its reason; status filter and "Load more"', async ({
  page,
  browser,
  baseURL,
  csrfHeaders,
  sandbox,
  signInAs,
}) => {
  const start = new Date(Date.now() - 1000).toISOString();
  const [group] = await sandbox.createGroups(1, `Audit ${Date.now()}`);

  // A content manager tries to archive a group: the console refuses with 403 and records why.
  const manager = await browser.newContext({ baseURL });
  const signIn = await manager.request.post('/api/session', {
    data: {
      email: DEMO_ACCOUNTS.contentManager.email,
      password: DEMO_ACCOUNTS.contentManager.password,
    },
    headers: csrfHeaders,
  });
  expect(signIn.status()).toBe(200);
  const refused = await manager.request.put('/api/v2/content/course/update', {
    data: { courseAttributes: { courseGroups: [{ id: group!.groupId, archived: true }] } },
    headers: csrfHeaders,
  });
  expect(refused.status()).toBe(403);
  await manager.close();

  await signInAs('admin');
  // 55 revocations of an email without a role: 404s, more than one page of 50.
  for (let i = 0; i < 55; i++) {
    const response = await page.request.delete('/api/roles/nobody%40example.test', {
      headers: csrfHeaders,
    });
    expect(response.status()).toBe(404);
  }

  await page.goto(
    `/admin/audit?user=${encodeURIComponent(DEMO_ACCOUNTS.contentManager.email)}&status=403&from=${encodeURIComponent(start)}`,
  );
  const refusal = rows(page);
  await expect(refusal).toHaveCount(1);
  await expect(refusal).toContainText('PUT /api/v2/content/course/update');
  await expect(refusal).toContainText('Refused:');
  await expect(refusal.locator('.badge')).toHaveText('403');
  await expect(page.getByLabel('Status')).toHaveValue('403');

  await page.goto(`/admin/audit?route=revokeRole&status=4xx&from=${encodeURIComponent(start)}`);
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByTestId('audit-count')).toContainText('more available');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(page)).toHaveCount(55);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  const seqs = await rows(page).evaluateAll((items) =>
    items.map((item) => Number(item.getAttribute('data-seq'))),
  );
  expect(new Set(seqs).size).toBe(55);
  expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
  await expect(rows(page).first()).toContainText('revoke role of nobody@example.test');
});

test('writes through the publish panel and the thumbnail form are recorded with status and job id', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  const [group] = await sandbox.createGroups(1, `Audited ${Date.now()}`);
  await page.goto(`/course-groups/${group!.groupId}`);
  await publishThenReplaceThumbnail(
    page,
    group!.title,
    'https://images.example.test/catalog/audit.png',
  );
  await page.getByRole('button', { name: /Jobs/ }).click();
  const card = page.getByRole('dialog', { name: 'Background jobs' }).getByTestId('job-card');
  const jobId = (await card.first().getByTestId('job-id').textContent())!;
  await page.keyboard.press('Escape');

  await page.goto(`/admin/audit?route=${encodeURIComponent('PUT /api/v2/content/course/update')}`);
  const update = rows(page).filter({ hasText: jobId });
  await expect(update).toHaveCount(1);
  await expect(update.locator('.badge')).toHaveText('200');
  await expect(update.locator('abbr')).toHaveAttribute('title', /^[0-9a-f]{64}$/);

  await page.goto('/admin/audit?route=releaseContent');
  await expect(rows(page).filter({ hasNotText: 'releaseContent' })).toHaveCount(0);
  await expect(rows(page).first()).toContainText(DEMO_ACCOUNTS.admin.email);
  await expect(rows(page).first().locator('.badge')).toHaveText('200');
});

test('each record says in words who acted, with which role, and how they signed in; fits a phone', async ({
  page,
  csrfHeaders,
  signInAs,
}, testInfo) => {
  const start = new Date(Date.now() - 1000).toISOString();
  const email = `signed-in-with-${Date.now()}@lectern.test`;
  await signInAs('admin');
  const grant = await page.request.put(`/api/roles/${encodeURIComponent(email)}`, {
    data: { role: 'support' },
    headers: csrfHeaders,
  });
  expect(grant.status()).toBe(200);

  await page.goto(`/admin/audit?route=grantRole&from=${encodeURIComponent(start)}`);
  const row = rows(page).filter({ hasText: `grant support to ${email}` });
  await expect(row).toHaveCount(1);
  // Words, not the wire values `admin` and `instance` (a provider sign-in names the provider:
  // e2e/auth/identity-provider.spec.ts).
  await expect(row.locator('td').nth(1)).toHaveText(
    `${DEMO_ACCOUNTS.admin.email}AdminSign-in: learning-platform password`,
  );
  await expect(row.getByTestId('audit-sign-in')).toHaveText('Sign-in: learning-platform password');
  await expectNoSeriousA11yViolations(page, 'audit page with sign-in methods');
  for (const viewport of [DESK, PHONE]) {
    await page.setViewportSize(viewport);
    await expect(row.getByTestId('audit-sign-in')).toBeVisible();
    // The request line wraps after a slash, never inside a segment ("/api/roles/:e" + "mail").
    const cutSegments = await row.locator('.path-text').evaluate((line) =>
      [...line.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .filter((node) => {
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        })
        .map((node) => node.textContent),
    );
    expect(cutSegments).toEqual([]);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`audit-sign-in-${viewport.width}.png`) });
  }
  await expectFitsPhone(page, 'audit-sign-in');
});
