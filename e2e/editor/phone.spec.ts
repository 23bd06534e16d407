// The editor on a phone (390 x 844): one pane at a time under tabs (Outline, Details, Apply), no page
// wider than the screen, a course built and created there; and axe on the editor, its row menu and
// its dialogs at 390 and at 1440.
import type { Page } from '@playwright/test';
import { createCourse, row, rowTitle } from '../support/editor.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('contentManager');
});

/** Elements reaching past the right edge of the screen (none on a page that fits). */
const overflowing = (page: Page, within = 'body') =>
  page.evaluate((selector) => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll(`${selector} *`)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Inside a box that scrolls sideways on its own (a table), nothing spills onto the page.
        return (
          box.width > 0 && box.right > width + 1 && !element.closest('.table-scroll, .json-preview')
        );
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
  }, within);

const expectFits = async (page: Page) => {
  expect(await overflowing(page, '.course-editor')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
};

test.describe('at 390 x 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a course is built and created one pane at a time, never wider than the screen', async ({
    page,
    sandbox,
  }) => {
    await page.goto('/editor/new');
    const tabs = page.getByRole('tablist', { name: 'Editor panes' });
    await expect(tabs.getByRole('tab')).toHaveText(['Outline', 'Details', /^Apply/]);
    await expect(tabs.getByRole('tab', { name: 'Outline' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectFits(page);
    await expectNoSeriousA11yViolations(page, 'the editor on a phone');

    await tabs.getByRole('tab', { name: 'Details' }).click();
    const title = `Phone ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await expectFits(page);
    await tabs.getByRole('tab', { name: 'Outline' }).click();
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.keyboard.type('On the go');
    await page.keyboard.press('Enter');
    await row(page, 'On the go')
      .getByRole('button', { name: /^Add lesson/ })
      .click();
    await page.keyboard.type('A lesson with a title long enough to need the whole width');
    await page.keyboard.press('Enter');
    await expectFits(page);
    // Opening a row shows its details.
    await rowTitle(page, 'On the go').click();
    await expect(tabs.getByRole('tab', { name: 'Details' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('heading', { name: 'Section: On the go' })).toBeVisible();
    await tabs.getByRole('tab', { name: /^Apply/ }).click();
    await expectFits(page);
    await page.getByRole('button', { name: 'Create course' }).click();
    await expect(page.getByText('Course created.')).toBeVisible({ timeout: 20_000 });
    const courseId = new URL(page.url()).pathname.split('/').pop()!;
    const structure = await sandbox.api<{ sections: { title: string }[] }>(
      'GET',
      `/courses/${courseId}/structure`,
    );
    expect(structure.sections.map((s) => s.title)).toEqual(['On the go']);
  });

  test('the row menu, "Move to…" and the conflict panel fit the phone and pass axe', async ({
    page,
    sandbox,
  }) => {
    const { courseId, groupId } = await createCourse(sandbox, `Phone dialogs ${Date.now()}`, {
      'Section one': { 'Lesson one': ['Welcome page'], 'Lesson two': [] },
    });
    await page.goto(`/editor/${courseId}`);
    await row(page, 'Welcome page')
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectFits(page);
    await expectNoSeriousA11yViolations(page, 'the row menu on a phone');
    await page.getByRole('menuitem', { name: 'Move to…' }).click();
    const move = page.getByRole('dialog', { name: /^Move Topic/ });
    await expect(move).toBeVisible();
    await expectFits(page);
    await expectNoSeriousA11yViolations(page, 'Move to… on a phone');
    await move.getByRole('button', { name: 'Cancel' }).click();

    await rowTitle(page, 'Lesson two').press('F2');
    await page.keyboard.type('Mine');
    await page.keyboard.press('Enter');
    await sandbox.api('PUT', '/content/course/update', {
      courseAttributes: {
        courseGroups: [
          {
            id: groupId,
            description: 'A description long enough to wrap over several lines of a narrow screen',
          },
        ],
      },
    });
    await page.getByRole('tab', { name: /^Apply/ }).click();
    await page.getByRole('button', { name: 'Apply changes' }).click();
    const conflict = page.getByRole('dialog', { name: /changed on the server/ });
    await expect(conflict).toBeVisible();
    await expectFits(page);
    await expectNoSeriousA11yViolations(page, 'the conflict panel on a phone');
  });
});

test.describe('at 1440 x 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('axe on the editor with a row menu open and with "Move to…" open', async ({
    page,
    sandbox,
  }) => {
    const { courseId } = await createCourse(sandbox, `Wide axe ${Date.now()}`, {
      'Section one': { 'Lesson one': ['Welcome page'] },
    });
    await page.goto(`/editor/${courseId}`);
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the editor at 1440');
    await rowTitle(page, 'Welcome page').press('Shift+F10');
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the row menu at 1440');
    await page.keyboard.press('Escape');
    await rowTitle(page, 'Welcome page').press('m');
    await expect(page.getByRole('dialog', { name: /^Move Topic/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Move to… at 1440');
  });
});

test.describe('topic types on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each topic shows its type, and each family of types its own icon', async ({
    page,
    sandbox,
  }) => {
    const created = await sandbox.api<{ courseIds: string[] }>('POST', '/content/course/create', {
      courseAttributes: [
        {
          title: `Types ${Date.now()}`,
          kind: 'courseGroup',
          sections: [
            {
              title: 'Section one',
              lessons: [
                {
                  title: 'Lesson one',
                  openType: 'studentsOnly',
                  topics: [
                    { title: 'A long reading page with a title that fills the row', type: 'text' },
                    { title: 'Check yourself', type: 'quiz' },
                    { title: 'Talk it over', type: 'discussionBoard' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    await page.goto(`/editor/${created.courseIds[0]!}`);
    const expectType = async (title: string, type: string, family: string) => {
      const chip = row(page, title).locator('.tree-row__type');
      await expect(chip).toBeVisible();
      await expect(chip).toHaveText(type);
      // Readable: wide enough for a few letters, not squeezed to nothing by the title.
      expect((await chip.boundingBox())!.width).toBeGreaterThan(30);
      await expect(row(page, title).locator(`.tree-icon--${family}`)).toHaveCount(1);
    };
    await expectType('A long reading page with a title that fills the row', 'Text', 'reading');
    await expectType('Check yourself', 'Quiz', 'assessment');
    await expectType('Talk it over', 'Discussion board', 'event');
    await expectFits(page);
  });
});
