// Building 2 sections x 2 lessons x 3 topics with the keyboard alone: titles typed into inline fields
// (Enter confirms, Enter again adds the next one, A adds inside, N adds after), arrows between rows,
// and one topic moved with "Move to…" (M, a list, Enter). Every key is counted: the build must cost
// the titles' characters plus a few keys per node. The figure is printed and attached to the report.
import type { Page } from '@playwright/test';
import { rowTitle, shape, structureOf } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test.beforeEach(async ({ signInAs }) => {
  await signInAs('contentManager');
});

/** The keyboard, counting keys: a press is one, typed text one per character. */
function countingKeyboard(page: Page) {
  const counts = { keys: 0, titleCharacters: 0 };
  return {
    counts,
    press: async (key: string) => {
      counts.keys += 1;
      await page.keyboard.press(key);
    },
    title: async (text: string) => {
      counts.keys += text.length;
      counts.titleCharacters += text.length;
      await page.keyboard.type(text);
    },
  };
}

const OUTLINE = {
  Basics: { Intro: ['Welcome', 'Goals', 'Terms'], Setup: ['Install', 'Sign in', 'First run'] },
  Practice: { Drills: ['Warm-up', 'Pairs', 'Timed'], Review: ['Next steps', 'Recap', 'Quiz'] },
} as const;

test('a 2 x 2 x 3 course built with the keyboard alone costs its titles plus a few keys per node', async ({
  page,
  sandbox,
}) => {
  await page.goto('/editor/new');
  const courseTitle = `Keyboard build ${Date.now()}`;
  await page.getByLabel('Title', { exact: true }).fill(courseTitle);
  await page.getByRole('button', { name: 'Add section' }).focus();
  const kb = countingKeyboard(page);
  /** A title typed into the open field, confirmed with Enter. */
  const name = async (title: string) => {
    await kb.title(title);
    await kb.press('Enter');
    await expect(rowTitle(page, title)).toBeFocused();
  };
  /** A container's topics: A opens the first, then Enter adds each next one. */
  const topics = async (titles: readonly string[]) => {
    for (const [i, title] of titles.entries()) {
      await kb.press(i === 0 ? 'a' : 'Enter');
      await name(title);
    }
  };

  await kb.press('Enter'); // "Add section"
  await name('Basics');
  await kb.press('a');
  await name('Intro');
  await kb.press('Enter');
  await name('Setup');
  await kb.press('ArrowUp'); // Intro
  await topics(OUTLINE.Basics.Intro);
  await kb.press('ArrowDown'); // Setup
  await topics(OUTLINE.Basics.Setup);
  await kb.press('Home'); // Basics
  await kb.press('n');
  await name('Practice');
  await kb.press('a');
  await name('Drills');
  await kb.press('Enter');
  await name('Review');
  await kb.press('ArrowUp'); // Drills
  // "Next steps" is typed into Drills by mistake...
  await topics([...OUTLINE.Practice.Drills, 'Next steps']);
  // ...and moved to Review with "Move to…": M, the next lesson in the list, Enter.
  await kb.press('m');
  const dialog = page.getByRole('dialog', { name: 'Move Topic “Next steps”' });
  const lessons = dialog.getByLabel('Into which lesson');
  await expect(lessons).toBeFocused();
  await kb.press('ArrowDown');
  await expect(lessons.locator('option:checked')).toHaveText(
    'Section “Practice” › Lesson “Review”',
  );
  await kb.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(rowTitle(page, 'Next steps')).toBeFocused();
  // Review's other topics follow it: N adds after, Enter adds the next one.
  for (const [i, title] of OUTLINE.Practice.Review.slice(1).entries()) {
    await kb.press(i === 0 ? 'n' : 'Enter');
    await name(title);
  }

  const nodes = 2 + 4 + 12;
  const { keys, titleCharacters } = kb.counts;
  const overhead = keys - titleCharacters;
  const figure = `${keys} keys for ${nodes} nodes: ${titleCharacters} title characters + ${overhead} other keys (${(overhead / nodes).toFixed(1)} a node, "Move to…" included)`;
  console.log(`Keyboard build: ${figure}`);
  test.info().annotations.push({ type: 'keystrokes', description: figure });
  expect(overhead / nodes).toBeLessThanOrEqual(3);

  // And it is a course the API takes as built.
  await page.getByRole('button', { name: 'Create course' }).press('Enter');
  await expect(page.getByText('Course created.')).toBeVisible({ timeout: 20_000 });
  const courseId = new URL(page.url()).pathname.split('/').pop()!;
  expect(shape(await structureOf(sandbox, courseId))).toEqual([
    [
      'Basics',
      [
        ['Intro', [...OUTLINE.Basics.Intro]],
        ['Setup', [...OUTLINE.Basics.Setup]],
      ],
    ],
    [
      'Practice',
      [
        ['Drills', [...OUTLINE.Practice.Drills]],
        ['Review', [...OUTLINE.Practice.Review]],
      ],
    ],
  ]);
});
