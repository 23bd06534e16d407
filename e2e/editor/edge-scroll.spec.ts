// A row held at the outline's edge while dragged scrolls the outline (useEdgeScroll), to the list's end
// and back to the top. The end is a limit of its own: the dragged row, moved under the pointer, reaches
// past the box's bottom, and the box could scroll past the last row, further with every frame (2 of 8
// scripted checks on 28 November; this spec, without that limit, did not meet it in 10 runs).
import type { Page } from '@playwright/test';
import { courseDraft, draftFile, row, rowTitles } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

/** 3 sections of 3 lessons of 4 topics: 48 rows, about twice the outline's height at 1440x900. */
const longDraft = () =>
  courseDraft(
    'Long course',
    Object.fromEntries(
      [1, 2, 3].map((s) => [
        `Section ${s}`,
        Object.fromEntries(
          [1, 2, 3].map((l) => [
            `Lesson ${s}.${l}`,
            [1, 2, 3, 4].map((t) => `Topic ${s}.${l}.${t}`),
          ]),
        ),
      ]),
    ),
  );

const scrollTop = (page: Page) =>
  page.getByTestId('course-tree').evaluate((box) => Math.round(box.scrollTop));

/** The scroll offset at which the last row sits at the box's bottom. */
const listEnd = (page: Page) =>
  page.getByTestId('course-tree').evaluate((box) => {
    const list = box.querySelector<HTMLElement>('.course-tree__list')!;
    return Math.round(list.offsetHeight - box.clientHeight);
  });

/** The outline's box once it has stayed in place for 300 ms (the header settles after an import). */
async function settledBox(page: Page) {
  const tree = page.getByTestId('course-tree');
  let last = await tree.boundingBox();
  await expect
    .poll(
      async () => {
        const now = await tree.boundingBox();
        const still = now?.y === last?.y && now?.height === last?.height;
        last = now;
        return still;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return last!;
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs('admin');
});

test('a row held at the edge scrolls the outline to the list end and no further, then back up', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/editor/new');
  await page
    .getByLabel('Draft file to import')
    .setInputFiles(draftFile(longDraft(), 'long.course.json'));
  await expect(row(page, 'Topic 1.1.1')).toBeVisible();
  const before = await rowTitles(page);
  const box = await settledBox(page);
  const bottom = Math.min(box.y + box.height, 900);
  const end = await listEnd(page);
  expect(end).toBeGreaterThan(300);

  const handle = row(page, 'Topic 1.1.1').getByRole('button', { name: /^Drag/ });
  const grip = (await handle.boundingBox())!;
  const x = grip.x + grip.width / 2;
  await page.mouse.move(x, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, grip.y + grip.height / 2 + 8, { steps: 2 }); // Past the activation distance.
  await page.mouse.move(x, bottom - 5, { steps: 10 });

  // Held at the bottom edge: it scrolls to the list's end, where the last topic shows, and stays there.
  await expect.poll(() => scrollTop(page), { timeout: 15_000 }).toBe(end);
  await expect(row(page, 'Topic 3.3.4')).toBeInViewport();
  await page.mouse.move(x, bottom - 4); // A move keeps the drag alive, as a hand's tremor would.
  await page.waitForTimeout(1_000);
  expect(await scrollTop(page)).toBe(end);

  // Held at the top edge: back to the start.
  await page.mouse.move(x, box.y + 5, { steps: 10 });
  await expect.poll(() => scrollTop(page), { timeout: 15_000 }).toBe(0);

  // Escape puts the row back where it was: nothing changed.
  await page.keyboard.press('Escape');
  await page.mouse.up();
  expect(await rowTitles(page)).toEqual(before);
});
