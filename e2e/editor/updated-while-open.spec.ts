// A new version of Lectern installed while the editor is open: the pages the tab has not fetched yet
// no longer exist on the server under their old names. The page says what happened and offers a
// reload, and the editor still has what the user had typed.
import { createCourse, row } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test('a page whose code is gone from the server says Lectern was updated; the draft is kept', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('contentManager');
  const { courseId } = await createCourse(sandbox, `Updated ${Date.now()}`, {
    'Section one': { 'Lesson one': ['First page'] },
  });
  const fetched = new Set<string>();
  page.on('response', (response) => fetched.add(new URL(response.url()).pathname));
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'First page')).toBeVisible();
  const description = page.getByLabel('Description', { exact: true });
  await description.fill('Typed before the update');

  const gone = (url: URL) =>
    url.pathname.startsWith('/assets/') &&
    url.pathname.endsWith('.js') &&
    !fetched.has(url.pathname);
  await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  // The router reloads the page once by itself when a page's code is missing; the reloaded page
  // still lacks it here, as it would if the server were mid-deploy.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Course groups' })
    .click();
  await page
    .getByRole('dialog', { name: 'Leave the editor?' })
    .getByRole('button', { name: 'Leave' })
    .click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Lectern has been updated');
  await expect(alert).toContainText(
    'usually because a new version of Lectern was installed while the page was open',
  );

  await page.unroute(gone);
  await alert.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page).toHaveURL(/\/course-groups/);
  await expect(page.getByTestId('list-count')).toBeVisible();
  await page.goBack();
  await expect(row(page, 'First page')).toBeVisible();
  await expect(description).toHaveValue('Typed before the update');
});
