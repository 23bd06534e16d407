// Helpers of the course editor's specs: the outline's rows, the course as the sandbox has it, the
// backup in this browser's IndexedDB, and a course made to measure: through the sandbox, or as a draft
// file to import.
import { expect, type Browser, type Page } from '@playwright/test';
import {
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  sequentialIds,
  serializeDraft,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import { DEMO_ACCOUNTS, type Role } from './env.ts';
import type { SandboxClient } from './sandbox.ts';

export interface Structure {
  courseGroupId: string;
  sections: {
    id: string;
    title: string;
    releaseDate: string | null;
    lessons: {
      id: string;
      title: string;
      openType: string;
      topics: { id: string; title: string; type: string }[];
    }[];
  }[];
}

export const outline = (page: Page) => page.getByRole('list', { name: 'Course outline' });
export const row = (page: Page, title: string) => outline(page).getByTestId(`row-${title}`);
/** A row's title button (its accessible name starts with the kind and the title). */
export const rowTitle = (page: Page, title: string) =>
  outline(page).getByRole('button', {
    name: new RegExp(
      `^(Section|Lesson|Topic) ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=,| |$)`,
    ),
  });

/** Titles of the saved course's outline, nested as sections > lessons > topics. */
export function shape(structure: Structure) {
  return structure.sections.map((s) => [
    s.title,
    s.lessons.map((l) => [l.title, l.topics.map((t) => t.title)]),
  ]);
}

/** The outline's rows in order, by title. */
export const rowTitles = (page: Page) =>
  outline(page)
    .getByTestId(/^row-/)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice(4)));

/** The draft backed up in this browser's IndexedDB for a course (as JSON), or '' when none. */
export function backupOf(page: Page, courseId: string): Promise<string> {
  return page.evaluate(
    (id) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('lectern-editor');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => {
            const entry = (all.result as { key: string }[]).find((e) => e.key.endsWith(`|${id}`));
            open.result.close();
            resolve(entry ? JSON.stringify(entry) : '');
          };
        };
      }),
    courseId,
  );
}

/** A saved course: sections of lessons of text topics, as `{ Section: { Lesson: [topics] } }`. */
export async function createCourse(
  sandbox: SandboxClient,
  title: string,
  outlineOf: Record<string, Record<string, string[]>>,
): Promise<{ courseId: string; groupId: string }> {
  const created = await sandbox.api<{ courseIds: string[]; courseGroupIds: string[] }>(
    'POST',
    '/content/course/create',
    {
      courseAttributes: [
        {
          title,
          kind: 'courseGroup',
          sections: Object.entries(outlineOf).map(([section, lessons]) => ({
            title: section,
            lessons: Object.entries(lessons).map(([lesson, topics]) => ({
              title: lesson,
              openType: 'studentsOnly',
              topics: topics.map((topic) => ({
                title: topic,
                type: 'text',
                body: `<p>${topic}</p>`,
              })),
            })),
          })),
        },
      ],
    },
  );
  return { courseId: created.courseIds[0]!, groupId: created.courseGroupIds[0]! };
}

/** A new course's draft: sections of lessons of text topics, as `{ Section: { Lesson: [topics] } }`. */
export function courseDraft(
  title: string,
  outlineOf: Record<string, Record<string, string[]>>,
): CourseGroupDraft {
  const ids = sequentialIds('e2e_');
  const draft = newCourseDraft('courseGroup', title, ids) as CourseGroupDraft;
  draft.sections = Object.entries(outlineOf).map(([section, lessons]) => ({
    ...newSection(section, ids),
    lessons: Object.entries(lessons).map(([lesson, topics]) => ({
      ...newLesson(lesson, ids),
      topics: topics.map((topic) => newTopic(topic, 'text', ids)),
    })),
  }));
  return draft;
}

/** A draft as the file the editor's "Draft file to import" takes. */
export const draftFile = (draft: CourseGroupDraft, name = 'course.json') => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(serializeDraft(draft)),
});

export const structureOf = (sandbox: SandboxClient, courseId: string) =>
  sandbox.api<Structure>('GET', `/courses/${courseId}/structure`);

/** Rename a row with the keyboard: F2 on its title, the new title, Enter. */
export async function renameByKeyboard(page: Page, from: string, to: string) {
  await rowTitle(page, from).press('F2');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
  await row(page, to).waitFor();
}

/** A browser context signed in to `url` as `role`, and the person's name as the console shows it. */
export async function signedInContext(browser: Browser, url: string, role: Role) {
  const context = await browser.newContext({ baseURL: url });
  const account = DEMO_ACCOUNTS[role];
  const response = await context.request.post('/api/session', {
    data: { email: account.email, password: account.password },
    headers: { 'X-Lectern-Csrf': '1', origin: url },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { user } = (await response.json()) as { user: { firstName: string; lastName: string } };
  return { context, name: `${user.firstName} ${user.lastName}` };
}
