// index.html names the landing route's first reads and chunks (src/server/plugins/route-preloads.ts): each
// read leaves with the document, before the shell's script has even arrived (so before it can have run),
// once: the console's own fetch takes the preloaded answer, and the browser reports no preload it did not
// use. The route's own chunk is asked for before the shell has arrived too.
import type { Page } from '@playwright/test';
import { editorLandingUrls, learnerLandingUrls } from '#contract/console/landing-urls.ts';
import { createCourse, row } from '../support/editor.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

/** Every request the page sends, and what its console says about preloads. */
function watchLanding(page: Page) {
  const requests: string[] = [];
  const preloadWarnings: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  return { requests, preloadWarnings };
}

async function expectPreloadedOnce(
  page: Page,
  watch: ReturnType<typeof watchLanding>,
  reads: string[],
  routeChunk: RegExp,
): Promise<void> {
  const timing = await page.evaluate(
    ({ paths, chunk }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const shellSrc = document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src;
      const shell = entries.find((entry) => entry.name === shellSrc)!;
      const chunkEntry = entries.find((entry) =>
        new RegExp(chunk).test(new URL(entry.name).pathname),
      );
      return {
        shellArrived: shell.responseEnd,
        chunk: chunkEntry && { start: chunkEntry.startTime, by: chunkEntry.initiatorType },
        reads: paths.map((path) =>
          entries
            .filter((entry) => entry.name === new URL(path, location.href).href)
            .map((entry) => ({ start: entry.startTime, by: entry.initiatorType })),
        ),
      };
    },
    { paths: reads, chunk: routeChunk.source },
  );
  reads.forEach((path, index) => {
    const entries = timing.reads[index]!;
    expect(entries, `one resource entry for ${path}`).toHaveLength(1);
    expect(entries[0]!.by, `${path} asked for by the document's preload`).toBe('link');
    expect(entries[0]!.start, `${path} before the shell's script arrived`).toBeLessThan(
      timing.shellArrived,
    );
    const sent = watch.requests.filter(
      (url) => new URL(url).pathname + new URL(url).search === path,
    );
    expect(sent, `requests for ${path}`).toHaveLength(1);
  });
  // Asked for before the shell, which alone can ask for it otherwise, had arrived: by the document.
  expect(timing.chunk, "the route's chunk").toBeDefined();
  expect(timing.chunk!.start).toBeLessThan(timing.shellArrived);
  // Chromium reports a preload left unused a few seconds after the load event.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(3500);
  expect(watch.preloadWarnings).toEqual([]);
}

test('the editor: the structure read leaves with the document, once', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('admin');
  const { courseId, groupId } = await createCourse(sandbox, `Preloaded ${Date.now()}`, {
    'Section one': { 'Lesson one': ['First page'] },
  });
  const watch = watchLanding(page);
  await page.goto(`/editor/${courseId}`);
  await expect(row(page, 'First page')).toBeVisible();
  await expectPreloadedOnce(
    page,
    watch,
    ['/api/session', editorLandingUrls.structure(courseId)],
    /^\/assets\/_authed\.editor\._courseId-/,
  );
  // The group's reads follow the structure's answer (the document cannot name them): each once.
  for (const path of [editorLandingUrls.courseGroup(groupId), editorLandingUrls.courses(groupId)])
    expect(watch.requests.filter((url) => new URL(url).pathname === path)).toHaveLength(1);
});

test('the learner page: its four reads leave with the document, once', async ({
  page,
  sandbox,
  signInAs,
}) => {
  await signInAs('support');
  const produced = await sandbox.request('POST', '/sandbox/activity', { count: 20 });
  expect(produced.status).toBe(200);
  let learnerId = '';
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/events?limit=1');
        expect(answer.status()).toBe(200);
        const { items } = (await answer.json()) as {
          items: { event: { learner: { id: string } } }[];
        };
        learnerId = items[0]?.event.learner.id ?? '';
        return learnerId;
      },
      { timeout: 30_000, message: 'the relay stores an event' },
    )
    .not.toBe('');
  const watch = watchLanding(page);
  await page.goto(`/learners/${learnerId}?kinds=quizAttempt`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('learner-span')).toBeVisible();
  const urls = learnerLandingUrls(learnerId, { kinds: 'quizAttempt' });
  await expectPreloadedOnce(
    page,
    watch,
    [
      '/api/session',
      urls.summary,
      urls.timeline,
      urls.latest.quizAttempt,
      urls.latest.assignmentSubmission,
    ],
    /^\/assets\/_authed\.learners\._learnerId-/,
  );
});
