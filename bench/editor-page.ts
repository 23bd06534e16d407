// Shared by the editor benchmarks: a console build that counts row renders, Chromium, a synthetic
// course (as a draft, and as the API would show it saved), and the console server's answers played
// by Playwright (session, tags, and the saved course's reads).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright';
import {
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  sequentialIds,
  type Baseline,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import { saveDraft } from '#compiler/test-drafts.ts';
import { ROOT } from './console-build.ts';
import { benchSession } from './console-page.ts';
import { CHROMIUM_ARGS } from '../e2e/support/chromium-flags.ts';

/** The console built into a temporary directory, with the row render counter on window. */
export async function buildWithCounter(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'lectern-editor-bench-'));
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    define: { 'import.meta.env.VITE_LECTERN_RENDER_COUNTER': JSON.stringify('1') },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

export const launchBenchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });

/** sections x lessons x topics text topics with a body (20 x 9 x 10 is 2,000 nodes). */
export function benchDraft(sections: number, lessons: number, topics: number): CourseGroupDraft {
  const ids = sequentialIds();
  const draft = newCourseDraft('courseGroup', 'Bench course', ids) as CourseGroupDraft;
  draft.sections = Array.from({ length: sections }, (_, s) => ({
    ...newSection(`Section ${s + 1}`, ids),
    lessons: Array.from({ length: lessons }, (_, l) => ({
      ...newLesson(`Lesson ${s + 1}.${l + 1}`, ids),
      topics: Array.from({ length: topics }, (_, t) => ({
        ...newTopic(`Topic ${s + 1}.${l + 1}.${t + 1}`, 'text', ids),
        body: '<p>Body</p>',
      })),
    })),
  }));
  return draft;
}

/** The same course as the API shows it once saved: group, course and structure records. */
export const savedBenchCourse = (sections: number, lessons: number, topics: number): Baseline =>
  saveDraft(benchDraft(sections, lessons, topics)).baseline;

const json = (body: unknown) => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

/**
 * The console server's session (an admin) and tags; and, when given, a saved course's reads, each
 * answered `upstreamLatencyMs` late, as a Content API that far away would (the session is the
 * console server's own and answers at once).
 */
export async function mockConsoleServer(
  page: Page,
  saved?: Baseline,
  upstreamLatencyMs = 0,
): Promise<void> {
  await page.route('**/api/session', (route) => route.fulfill(json(benchSession('admin'))));
  await page.route('**/api/v2/tags*', (route) =>
    route.fulfill(json({ pageInfo: { perPage: 0, total: 0, hasMore: false }, tags: [] })),
  );
  if (!saved) return;
  const { courseGroup, course, structure } = saved;
  const later = (body: unknown) => async (route: Route) => {
    if (upstreamLatencyMs > 0) await new Promise((done) => setTimeout(done, upstreamLatencyMs));
    await route.fulfill(json(body));
  };
  await page.route(`**/api/v2/courses/${course.id}/structure`, later(structure));
  await page.route(`**/api/v2/courseGroups/${courseGroup.id}`, later(courseGroup));
  await page.route(
    `**/api/v2/courseGroups/${courseGroup.id}/courses*`,
    later({ courses: [course] }),
  );
}
