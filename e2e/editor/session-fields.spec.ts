// Session custom fields in the editor, by keyboard: set on create and stored exactly as typed (JSON
// values included), then reopened, one changed and one removed, and finally all cleared; each time
// read back from the sandbox (`GET /courseGroups/{id}/courses` carries the session's customFields).
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

interface SessionRecord {
  id: string;
  customFields: Record<string, unknown>;
}

const sessionFields = (page: Page) =>
  page.getByRole('group', { name: 'Session custom fields', exact: true });
const catalogFields = (page: Page) =>
  page.getByRole('group', { name: 'Custom fields', exact: true });

/** Adds a field with the keyboard: slug, Enter (focus moves to its value), value, Tab. */
async function addField(group: ReturnType<typeof sessionFields>, slug: string, value: string) {
  const page = group.page();
  await group.getByRole('textbox', { name: /^New .*slug$/ }).fill(slug);
  await page.keyboard.press('Enter');
  const input = group.getByRole('textbox', { name: slug, exact: true });
  await expect(input).toBeFocused();
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('contentManager');
});

test('session custom fields are created, changed, removed and cleared exactly', async ({
  page,
  sandbox,
}) => {
  const title = `Session fields ${Date.now()}`;
  await page.goto('/editor/new');
  await page.getByLabel('Kind of course').selectOption('microCourse');
  await page.getByLabel('Title', { exact: true }).fill(title);

  await addField(catalogFields(page), 'level', 'beginner');
  await addField(sessionFields(page), 'level', 'advanced');
  await addField(sessionFields(page), 'seats', '12');
  await addField(sessionFields(page), 'tags', '["a", "b"]');
  await addField(sessionFields(page), 'room', 'B2, east wing');
  await addField(sessionFields(page), 'code', '"42"');
  // A slug that is already there is refused with a message, and nothing changes.
  await sessionFields(page)
    .getByRole('textbox', { name: /^New .*slug$/ })
    .fill('seats');
  await page.keyboard.press('Enter');
  await expect(sessionFields(page).getByRole('alert')).toHaveText(
    'There is already a session custom field “seats”.',
  );
  await sessionFields(page)
    .getByRole('textbox', { name: /^New .*slug$/ })
    .fill('');
  await expectNoSeriousA11yViolations(page, 'editor with custom fields');

  await page.getByRole('checkbox', { name: 'Show the JSON requests' }).check();
  await expect(page.getByLabel('JSON requests', { exact: true })).toContainText(
    '"sessionCustomFields"',
  );
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByText('Course created.')).toBeVisible({ timeout: 20_000 });
  const courseId = new URL(page.url()).pathname.split('/').pop()!;
  const { courseGroupId } = await sandbox.api<{ courseGroupId: string }>(
    'GET',
    `/courses/${courseId}/structure`,
  );
  const session = async () => {
    const { courses } = await sandbox.api<{ courses: SessionRecord[] }>(
      'GET',
      `/courseGroups/${courseGroupId}/courses`,
    );
    return courses.find((course) => course.id === courseId)!.customFields;
  };
  const catalog = async () =>
    (
      await sandbox.api<{ customFields: Record<string, unknown> }>(
        'GET',
        `/courseGroups/${courseGroupId}`,
      )
    ).customFields;
  expect(await session()).toEqual({
    level: 'advanced',
    seats: 12,
    tags: ['a', 'b'],
    room: 'B2, east wing',
    code: '42',
  });
  expect(await catalog()).toEqual({ level: 'beginner' });

  // Reopened from the server: the values read back as they were typed.
  await page.goto(`/editor/${courseId}`);
  const fields = sessionFields(page);
  await expect(fields.getByRole('textbox', { name: 'seats', exact: true })).toHaveValue('12');
  await expect(fields.getByRole('textbox', { name: 'tags', exact: true })).toHaveValue('["a","b"]');
  await expect(fields.getByRole('textbox', { name: 'code', exact: true })).toHaveValue('"42"');
  // Visiting a box without typing changes nothing.
  await fields.getByRole('textbox', { name: 'room', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByText('Nothing to apply: the draft matches the course.')).toBeVisible();

  await fields.getByRole('textbox', { name: 'level', exact: true }).fill('expert');
  await page.keyboard.press('Tab');
  await fields.getByRole('button', { name: 'Remove session custom field room' }).press('Enter');
  await expect(fields.getByRole('textbox', { name: /^New .*slug$/ })).toBeFocused();
  await expect(fields.getByRole('textbox', { name: 'room', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  expect(await session()).toEqual({ level: 'expert', seats: 12, tags: ['a', 'b'], code: '42' });
  expect(await catalog()).toEqual({ level: 'beginner' });

  // Clearing every field sends the clearing value; the catalog's fields are untouched.
  await page.goto(`/editor/${courseId}`);
  for (const slug of ['level', 'seats', 'tags', 'code'])
    await fields.getByRole('button', { name: `Remove session custom field ${slug}` }).click();
  await expect(fields.getByRole('textbox')).toHaveCount(1);
  await page.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('Applied.')).toBeVisible({ timeout: 20_000 });
  expect(await session()).toEqual({});
  expect(await catalog()).toEqual({ level: 'beginner' });
});
