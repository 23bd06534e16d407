// Sign-in through the company's identity provider, in the browser: a real OpenID Provider (oidc-provider,
// test/helpers/test-identity-provider.ts) and a console server of this file configured for it, pointed
// at the worker's sandbox. Covers the button, the provider's own pages, the return to the page asked
// for, the no-access page for an unmapped user, why a sign-in came back without a session, and
// sign-out with the offer to sign out at the provider too.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  startIdentityProvider,
  TEST_CLIENT,
  type TestIdentityProvider,
} from '../../test/helpers/test-identity-provider.ts';
import { workerPorts } from '../support/env.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { startServer, stopServer, waitUntilAnswering } from '../support/processes.ts';
import { readSecretKey } from '../support/sandbox.ts';

let idp: TestIdentityProvider;
let consoleChild: ChildProcess | null = null;
let dir = '';
let consoleUrl = '';

test.beforeAll(async ({ consoleServer }, workerInfo) => {
  const ports = workerPorts(workerInfo.parallelIndex);
  consoleUrl = `http://127.0.0.1:${ports.identityProviderConsole}`;
  idp = await startIdentityProvider({
    port: ports.identityProvider,
    consoleOrigins: [consoleUrl],
    accounts: {
      ada: {
        email: 'ada@corp.test',
        given_name: 'Ada',
        family_name: 'Lovelace',
        groups: ['lectern-admins'],
      },
      nobody: {
        email: 'nobody@corp.test',
        given_name: 'No',
        family_name: 'Body',
        groups: ['staff'],
      },
    },
  });
  dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-idp-'));
  consoleChild = startServer(
    'src/server/main.ts',
    {
      HOST: '127.0.0.1',
      PORT: String(ports.identityProviderConsole),
      LECTERN_UPSTREAM_URL: consoleServer.sandboxUrl,
      LECTERN_API_KEY: readSecretKey(consoleServer.sandboxDb),
      LECTERN_GRAPHQL_PATH: '/graphql',
      LECTERN_DB: join(dir, 'console.db'),
      LECTERN_RELAY_KINDS: 'none',
      LECTERN_LOG: 'error',
      LECTERN_OIDC_ISSUER: idp.issuer,
      LECTERN_OIDC_CLIENT_ID: TEST_CLIENT.id,
      LECTERN_OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      LECTERN_OIDC_NAME: 'Corp SSO',
      LECTERN_OIDC_SCOPES: 'openid email profile groups',
      LECTERN_OIDC_ROLE_MAP: 'lectern-admins=admin,lectern-editors=contentManager',
    },
    'identity-provider console',
  );
  await waitUntilAnswering(`${consoleUrl}/api/meta`, consoleChild, 'console server', 60_000);
});

test.afterAll(async () => {
  await stopServer(consoleChild);
  await idp?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.use({ baseURL: undefined });

/** At the provider's development login form: any password is accepted. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

test('signs in through the provider and lands on the page asked for', async ({ page }) => {
  await page.goto(`${consoleUrl}/course-groups?search=x`);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByText('or with a learning-platform password')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sign-in page with an identity provider');

  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await signInAtProvider(page, 'ada');
  await expect(page).toHaveURL(`${consoleUrl}/course-groups?search=x`);
  await expect(page.getByRole('heading', { name: 'Course groups' })).toBeVisible();
  const session = await page.request.get(`${consoleUrl}/api/session`);
  expect(await session.json()).toMatchObject({
    user: { email: 'ada@corp.test', firstName: 'Ada' },
    role: 'admin',
    signedInWith: 'identityProvider',
  });
});

test('the audit log says the sign-in went through the provider, at 1440 and on a phone', async ({
  page,
}, testInfo) => {
  await page.goto(`${consoleUrl}/sign-in`);
  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await signInAtProvider(page, 'ada');
  await expect(page.getByRole('heading', { name: 'Course groups' })).toBeVisible();

  await page.goto(`${consoleUrl}/admin/audit?user=${encodeURIComponent('ada@corp.test')}`);
  const signIns = page.getByTestId('audit-row').filter({ hasText: 'sign in through Corp SSO' });
  await expect(signIns.first()).toBeVisible();
  // Every one of ada's records says how she signed in, by the provider's name.
  const methods = page.getByTestId('audit-row').getByTestId('audit-sign-in');
  await expect(methods.first()).toHaveText('Sign-in: Corp SSO');
  expect(new Set(await methods.allTextContents())).toEqual(new Set(['Sign-in: Corp SSO']));
  // The sign-in's own record names the role it gave.
  await expect(signIns.first().locator('td').nth(1)).toHaveText(
    'ada@corp.testAdminSign-in: Corp SSO',
  );
  await expectNoSeriousA11yViolations(page, 'audit page after a provider sign-in');
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(signIns.first().getByTestId('audit-sign-in')).toBeVisible();
    await signIns.first().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: testInfo.outputPath(`audit-provider-${viewport.width}.png`) });
  }
});

test('signs out, then offers to sign out at the provider too', async ({ page }) => {
  await page.goto(`${consoleUrl}/sign-in`);
  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await signInAtProvider(page, 'ada');
  await expect(page.getByRole('heading', { name: 'Course groups' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const offer = page.getByRole('status').filter({ hasText: 'You are signed out of Lectern' });
  await expect(offer).toContainText('but may still be signed in at Corp SSO.');
  await offer.getByRole('link', { name: 'Sign out of Corp SSO too' }).click();
  // The provider asks to confirm, signs the user out and sends the browser back to the sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${consoleUrl}/sign-in`);
  await expect(page.getByText('You are signed out of Lectern')).toHaveCount(0);
  expect((await page.request.get(`${consoleUrl}/api/session`)).status()).toBe(401);
});

test('a user with no mapped group gets the no-access page', async ({ page }) => {
  await page.goto(`${consoleUrl}/sign-in`);
  await page.getByRole('link', { name: 'Sign in with Corp SSO' }).click();
  await signInAtProvider(page, 'nobody');
  await expect(page).toHaveURL(`${consoleUrl}/no-access`);
  await expect(page.getByRole('heading', { name: 'No access to this console' })).toBeVisible();
  await expect(page.getByText('You are signed in through Corp SSO as')).toContainText(
    'nobody@corp.test, but none of your groups there gives a role in Lectern.',
  );
  await expectNoSeriousA11yViolations(page, 'no-access page after a provider sign-in');
});

test('says why a sign-in through the provider came back without a session; fits a phone', async ({
  page,
}, testInfo) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`${consoleUrl}/sign-in?problem=provider_unavailable`);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be reached' })).toHaveText(
      'Corp SSO could not be reached. Try again in a moment.',
    );
    await expect(page.getByRole('link', { name: 'Sign in with Corp SSO' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: testInfo.outputPath(`sign-in-${viewport.width}.png`) });
  }
});
