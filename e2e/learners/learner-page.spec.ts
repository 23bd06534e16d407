// Issue 25: the learner page. Learners' activity is produced in the worker's sandbox and relayed; the page
// of the most active learner says who they are, sums up their stored history (checked against the
// sandbox's own feed), lists their courses by title, their latest quiz attempts by quiz title, and a
// timeline of every stored event filtered by kind and exported whole; it is reached from Users and from
// the event monitor's drawer, reads at 1440 and 390 px and passes axe.
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { readWholeFeed } from '../event-monitor/harness.ts';
import type { SandboxClient } from '../support/sandbox.ts';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { DESK, expectFitsPhone, lookAtDesk, PHONE } from '../support/layout.ts';

test.describe.configure({ mode: 'serial' });

async function storedTotal(page: Page): Promise<number> {
  const response = await page.request.get('/api/events/status');
  const status = (await response.json()) as { kinds: { storedTotal: number }[] };
  return status.kinds.reduce((sum, kind) => sum + kind.storedTotal, 0);
}

const learningPathCount = (events: readonly LearnerEvent[]) =>
  Math.min(12, new Set(events.flatMap((event) => event.learningPath?.id ?? [])).size);

let chosenId: string | null = null;
let learner: LearnerEvent['learner'];
let theirs: LearnerEvent[] = [];

/** The feed's events of every learner once the relay has stored all of them (other specs' included). */
async function settledFeed(page: Page, sandbox: SandboxClient): Promise<LearnerEvent[]> {
  let feed: LearnerEvent[] = [];
  await expect
    .poll(
      async () => {
        feed = await readWholeFeed((path) => sandbox.request('GET', path));
        return (await storedTotal(page)) === feed.length;
      },
      { timeout: 30_000, message: 'the relay stores every event of the feed' },
    )
    .toBe(true);
  return feed;
}

test.beforeEach(async ({ page, signInAs, sandbox }) => {
  await signInAs('support');
  // This spec reads the whole feed again and again beside the relay, with the relay's key: the feed's
  // default 600 reads a minute would throttle both. And the learners stop learning in the background
  // while a test compares the page with the feed (the fixture restores both settings after each test).
  await sandbox.settings({
    eventsRateLimit: { perMinute: 1_000_000, burst: 100_000 },
    activityPerMinute: 0,
  });
  if (chosenId === null) {
    const produced = await sandbox.request('POST', '/sandbox/activity', { count: 400 });
    expect(produced.status).toBe(200);
    const quizzes = await sandbox.request('POST', '/sandbox/activity', {
      count: 60,
      kinds: ['quizAttempt'],
    });
    expect(quizzes.status).toBe(200);
  }
  const feed = await settledFeed(page, sandbox);
  if (chosenId === null) {
    const byLearner = new Map<string, LearnerEvent[]>();
    for (const event of feed)
      byLearner.set(event.learner.id, [...(byLearner.get(event.learner.id) ?? []), event]);
    // The most active learner with a quiz attempt.
    chosenId = [...byLearner.values()]
      .filter((events) => events.some((event) => event.kind === 'quizAttempt'))
      .sort((a, b) => b.length - a.length)[0]![0]!.learner.id;
  }
  // Read again for each test: the sandbox's learners keep learning between tests.
  theirs = feed.filter((event) => event.learner.id === chosenId);
  learner = theirs[0]!.learner;
});

test('says who the learner is and sums up every stored event of theirs', async ({
  page,
  sandbox,
}) => {
  await page.setViewportSize(DESK);
  // The page's first render is its content: the summary and the timeline's first rows come with the
  // heading (the route reads them before it renders), never a spinner in their place.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('.learner-page')) return;
      observer.disconnect();
      const rows = '.vtable--learner-events .vtable__body .vtable__row';
      document.documentElement.dataset.firstRender = JSON.stringify({
        summary: document.querySelector('[data-testid="learner-span"]') !== null,
        rows: document.querySelectorAll(rows).length > 0,
        spinner: document.querySelector('.learner-page .pending-state') !== null,
      });
    }).observe(document, { childList: true, subtree: true });
  });
  // The summary answers late, as a busy server's would, after the page's code has arrived: the page
  // still renders once, with it (a loader that did not wait for it rendered its spinners first).
  await page.route('**/api/learners/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto(`/learners/${learner.id}`);
  const name = `${learner.firstName} ${learner.lastName}`;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.unroute('**/api/learners/*');
  expect(
    JSON.parse((await page.locator('html').getAttribute('data-first-render')) ?? 'null'),
  ).toEqual({ summary: true, rows: true, spinner: false });
  await expect(page).toHaveTitle(new RegExp(name));
  await expect(page.getByText(learner.email).first()).toBeVisible();
  await expect(page.getByTestId('learner-span')).toContainText(
    `${theirs.length.toLocaleString('en')} stored ${theirs.length === 1 ? 'event' : 'events'}, from`,
  );
  const count = (kind: string) => theirs.filter((event) => event.kind === kind).length;
  await expect(page.getByTestId('tile-Quiz attempts')).toHaveText(String(count('quizAttempt')));
  await expect(page.getByTestId('tile-Enrollments')).toHaveText(
    String(count('courseEnrollment') + count('learningPathEnrollment')),
  );

  // Courses by their title (as the instance names them now; the sandbox has not renamed any).
  const courses = new Map(
    theirs.filter((event) => event.course).map((event) => [event.course!.id, event.course!.title]),
  );
  const standings = page.getByTestId('learner-standing');
  await expect(page.getByRole('heading', { name: /^Courses \(\d+\)$/ })).toHaveText(
    `Courses (${courses.size})`,
  );
  const titles = await standings.getByRole('heading').allTextContents();
  expect(titles.length).toBe(Math.min(courses.size, 12) + learningPathCount(theirs));
  for (const title of titles.slice(0, Math.min(courses.size, 12)))
    expect([...courses.values()]).toContain(title);

  // The latest quiz attempt (the relay's order), its quiz by title and what its event says; and what
  // the feed does not say.
  const quizzes = page.getByTestId('learner-latest-quizAttempt');
  const attempt = quizzes.getByRole('listitem').first();
  const attemptId = await attempt
    .locator('dt', { hasText: 'Attempt id' })
    .locator('+ dd')
    .textContent();
  const quiz = theirs.find(
    (event) => event.kind === 'quizAttempt' && event.data.attemptId === attemptId,
  );
  if (quiz?.kind !== 'quizAttempt') throw new Error(`no quiz attempt ${attemptId}`);
  const topic = (await sandbox.request('GET', `/incoming/v2/topics/${quiz.topicId}`)).body as {
    title: string;
  };
  await expect(attempt).toContainText(`${topic.title} in ${quiz.course!.title}`);
  await expect(attempt).toContainText(`Result${quiz.data.passed ? 'Passed' : 'Failed'}`);
  await expect(quizzes).toContainText('The feed does not say which questions were answered');

  await expectNoSeriousA11yViolations(page, 'learner page');
  await lookAtDesk(page, 'learner-page');
  await expectFitsPhone(page, 'learner-page');
});

test('the timeline lists every stored event, filters by kind in the URL and exports them', async ({
  page,
}) => {
  await page.setViewportSize(DESK);
  await page.goto(`/learners/${learner.id}`);
  const total = theirs.length;
  const table = page.getByRole('table', { name: /^Events of .+, newest first$/ });
  // The first page holds the first 50 events (what the first screen needs); the rest load as the list
  // scrolls, 200 a page.
  const count = page.getByTestId('timeline-count');
  if (total > 50) {
    await expect(count).toHaveText(
      `Showing 50 loaded of ${total} events, newest first: more load as you scroll.`,
    );
    await table
      .getByTestId('vtable-scroll')
      .evaluate((list) => list.scrollTo(0, list.scrollHeight));
  }
  await expect(count).toHaveText(`Showing ${total} of ${total} events, newest first.`);
  // Each row links to its event in the monitor (found by its id: the drawer has its facts and JSON).
  const href = await table.getByRole('row').nth(1).getByRole('link').getAttribute('href');
  const eventId = new URL(href!, 'http://x.invalid').searchParams.get('q');
  expect(theirs.map((event) => event.id)).toContain(eventId);

  await page
    .getByRole('heading', { name: 'Timeline' })
    .evaluate((heading) => heading.scrollIntoView());
  await lookAtDesk(page, 'learner-timeline');

  await page.getByLabel('Kind').selectOption({ label: 'Quiz attempt' });
  await expect(page).toHaveURL(/[?&]kinds=quizAttempt/);
  const quizzes = theirs.filter((event) => event.kind === 'quizAttempt').length;
  await expect(page.getByTestId('timeline-count')).toHaveText(
    `Showing ${quizzes} of the matching events, newest first.`,
  );
  await expect(
    table.locator('.vtable__body [data-kind]:not([data-kind="quizAttempt"])'),
  ).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^lectern-learner-${learner.id}-.+\\.csv$`));
  const lines = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toContain(',resourceTitle,resourceCurrentTitle,topicId,topicTitle,');
  expect(lines).toHaveLength(quizzes + 1);
  await page.setViewportSize(PHONE);
  await page
    .getByRole('heading', { name: 'Timeline' })
    .evaluate((heading) => heading.scrollIntoView());
  await expectFitsPhone(page, 'learner-timeline');
});

test('is reached from the Users screen and from the event drawer', async ({ page }) => {
  await page.setViewportSize(DESK);
  await page.goto('/users');
  const first = page.getByRole('row').nth(1);
  const userName = (await first.locator('.user-name').textContent())!;
  await first.getByRole('link', { name: `Learner page of ${userName}` }).click();
  await expect(page).toHaveURL(/\/learners\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`/events?learner=${learner.id}`);
  await page.getByRole('option').first().click();
  const drawer = page.getByRole('dialog');
  const name = `${learner.firstName} ${learner.lastName}`;
  await drawer.getByRole('link', { name: `Open the learner page of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/learners/${learner.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
