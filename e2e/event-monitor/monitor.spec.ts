// The live event monitor against a real console server and a real sandbox (own processes, see
// harness.ts). Every count is checked against the sandbox's own feed.
import { expect, test } from '@playwright/test';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import {
  expectShown,
  exportedEvents,
  exportFile,
  idsOf,
  loadAllHistory,
  openMonitor,
  shownCount,
  relayStored,
  signInSupport,
  useMonitorEnv,
} from './pages.ts';

test.describe.configure({ mode: 'serial' });

const env = useMonitorEnv();
test.beforeEach(async ({ page }) => {
  await signInSupport(page, env);
});

const emailOf = (event: LearnerEvent) => event.learner.email;

test('the navigation leads every role to the monitor', async ({ page }) => {
  await page.goto(`${env.url}/course-groups`);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Event monitor' })
    .click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page).toHaveTitle('Event monitor · Lectern');
});

test('events produced by POST /sandbox/activity appear within 2 s, newest first', async ({
  page,
}) => {
  await openMonitor(page, env);
  await expectShown(page, (await env.feedEvents()).length);
  const before = await shownCount(page);
  for (let round = 0; round < 3; round++) {
    const created = await env.produce(20);
    const producedAt = Date.now();
    await expectShown(page, before + 20 * (round + 1), 2000);
    expect(Date.now() - producedAt).toBeLessThan(2000);
    expect(created).toBe(20);
  }
  // Newest first: the top row is the relay's newest event.
  const newest = await page.request.get(`${env.url}/api/events?limit=1`);
  const { items } = (await newest.json()) as { items: { event: LearnerEvent }[] };
  await expect(page.getByRole('option').first()).toHaveAttribute(
    'data-event-id',
    items[0]!.event.id,
  );
});

test('pause counts new events without showing them; resume shows every one of them', async ({
  page,
}) => {
  await openMonitor(page, env);
  await expectShown(page, (await env.feedEvents()).length);
  const before = await shownCount(page);
  const topRow = await page.getByRole('option').first().getAttribute('data-event-id');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByTestId('monitor-counts')).toContainText('Paused');

  await env.produce(30);
  await env.produce(15);
  await expect(page.getByRole('button', { name: 'Resume (45 new)' })).toBeVisible({
    timeout: 5000,
  });
  await expectShown(page, before);
  await expect(page.getByRole('option').first()).toHaveAttribute('data-event-id', topRow!);

  await page.getByRole('button', { name: /^Resume/ }).click();
  await expectShown(page, before + 45);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  expect(idsOf(await exportedEvents(page))).toEqual(idsOf(await env.feedEvents()));
});

test('scrolling back loads history beyond the first page, without a duplicate', async ({
  page,
}) => {
  await env.produce(1200);
  const feed = await env.feedEvents();
  expect(feed.length).toBeGreaterThan(1500);
  await openMonitor(page, env);
  // The first page is 500 events; the rest comes from the relay's history as the list scrolls.
  await expectShown(page, 500);
  await loadAllHistory(page);
  await expectShown(page, feed.length);
  expect(idsOf(await exportedEvents(page))).toEqual(idsOf(feed));
});

test('kind, learner and text filters narrow the list, live in the URL, and the back button undoes them', async ({
  page,
}) => {
  const feed = await env.feedEvents();
  const learner = emailOf(feed.find((event) => event.kind === 'quizAttempt')!);
  await openMonitor(page, env, '?kinds=quizAttempt,courseCompletion');
  const kinds = page.getByRole('group', { name: 'Kinds' });
  await expect(kinds.getByRole('checkbox', { name: 'Quiz attempt' })).toBeChecked();
  await expect(kinds.getByRole('checkbox', { name: 'Course completion' })).toBeChecked();
  await expect(kinds.getByRole('checkbox', { name: 'Course activity' })).not.toBeChecked();

  await kinds.getByRole('checkbox', { name: 'Course completion' }).uncheck();
  await expect(page).toHaveURL(/[?&]kinds=quizAttempt(&|$)/);
  await loadAllHistory(page);
  const quizzes = feed.filter((event) => event.kind === 'quizAttempt');
  await expectShown(page, quizzes.length);
  for (const kind of await page
    .getByRole('option')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind'))))
    expect(kind).toBe('quizAttempt');

  await page.getByLabel('Learner', { exact: true }).fill(learner);
  await expect(page).toHaveURL(
    new RegExp(`learner=${encodeURIComponent(learner).replace(/\./g, '\\.')}`),
  );
  await loadAllHistory(page);
  const learnerQuizzes = quizzes.filter((event) => emailOf(event) === learner);
  await expectShown(page, learnerQuizzes.length);
  // While filters are on, every kind keeps its counter: loaded events the other filters let
  // through, of all loaded.
  await expect(page.getByTestId('count-quizAttempt')).toHaveText(
    new RegExp(`^${learnerQuizzes.length}/ of \\d+ loaded match$`),
  );
  // (Only what is loaded is counted: this learner's completions may not all be loaded.)
  await expect(page.getByTestId('count-courseCompletion')).toHaveText(
    /^\d+\/ of \d+ loaded match, not shown$/,
  );

  const target = learnerQuizzes[0]!;
  await page.getByLabel('Search all events').fill(target.id);
  await expect(page).toHaveURL(/[?&]q=/);
  await expectShown(page, 1);
  await expect(page.getByRole('option')).toHaveAttribute('data-event-id', target.id);

  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(page.getByLabel('Search all events')).toHaveValue('');
  await expectShown(page, learnerQuizzes.length);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/events$/);
});

test('a deep link with filters opens the filtered list, history included', async ({ page }) => {
  const feed = await env.feedEvents();
  const sample = feed.find((event) => event.kind === 'courseEnrollment')!;
  const courseId = sample.course!.id;
  const from = new Date(Math.min(...feed.map((event) => event.timestamp)) + 1).toISOString();
  const expected = feed.filter(
    (event) =>
      (event.course?.id === courseId || event.learningPath?.id === courseId) &&
      event.timestamp >= Date.parse(from) &&
      (event.kind === 'courseEnrollment' || event.kind === 'courseAction'),
  );
  await openMonitor(
    page,
    env,
    `?kinds=courseAction,courseEnrollment&course=${courseId}&from=${encodeURIComponent(from)}`,
  );
  await expect(page.getByLabel('Course or learning path')).toHaveValue(courseId);
  await expect(page.getByRole('checkbox', { name: 'Quiz attempt' })).not.toBeChecked();
  await loadAllHistory(page);
  await expectShown(page, expected.length);
  expect(idsOf(await exportedEvents(page))).toEqual(idsOf(expected));
});

test('the detail drawer: summary, raw JSON, course link, shortcuts; keyboard all the way', async ({
  page,
}) => {
  const feed = await env.feedEvents();
  await openMonitor(page, env, '?kinds=quizAttempt');
  const list = page.getByRole('listbox', { name: 'Events, newest first' });
  await list.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  const second = page.getByRole('option').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  const id = (await second.getAttribute('data-event-id'))!;
  const event = feed.find((item) => item.id === id)!;
  await page.keyboard.press('Enter');

  const drawer = page.getByRole('dialog', { name: 'Quiz attempt' });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText(`${event.learner.firstName} ${event.learner.lastName}`);
  await expect(drawer).toContainText(
    event.kind === 'quizAttempt' && event.data.passed ? 'passed the quiz “' : 'failed the quiz “',
  );
  await expect(drawer).toContainText(`"id": "${event.id}"`);
  const structure = (await (
    await env.sandboxRequest('GET', `/incoming/v2/courses/${event.course!.id}/structure`)
  ).json()) as {
    courseGroupId: string;
  };
  await expect(drawer.getByRole('link', { name: /in the course browser/ })).toHaveAttribute(
    'href',
    `/course-groups/${structure.courseGroupId}?course=${event.course!.id}`,
  );
  await expectNoSeriousA11yViolations(page, 'the detail drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(list).toBeFocused();

  await page.keyboard.press('Enter');
  await drawer.getByRole('button', { name: 'All events for this learner' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(
    new RegExp(`\\?learner=${encodeURIComponent(event.learner.email).replace(/\./g, '\\.')}$`),
  );
  await loadAllHistory(page);
  await expectShown(page, feed.filter((item) => item.learner.email === event.learner.email).length);

  await page.getByRole('option').first().click();
  const opened = page.getByRole('dialog');
  const resourceButton = opened.getByRole('button', {
    name: /^All events for this (course|learning path)$/,
  });
  const resourceId = (await opened.locator('code').nth(1).textContent())!;
  await resourceButton.click();
  await expect(page).toHaveURL(new RegExp(`\\?course=${resourceId}$`));
  await loadAllHistory(page);
  await expectShown(
    page,
    feed.filter((item) => item.course?.id === resourceId || item.learningPath?.id === resourceId)
      .length,
  );
});

test('“Only this kind” takes one click, or Alt-click on a checkbox; counts stay visible', async ({
  page,
}) => {
  const feed = await env.feedEvents();
  await openMonitor(page, env);
  await expectShown(page, Math.min(500, feed.length));
  const kinds = page.getByRole('group', { name: 'Kinds' });
  // No filter: each kind counts what is loaded.
  await expect(page.getByTestId('count-quizAttempt')).toHaveText(/^[\d,]+ loaded$/);

  await kinds.getByRole('button', { name: 'Only Quiz attempt' }).click();
  await expect(page).toHaveURL(/[?&]kinds=quizAttempt(&|$)/);
  await expect(kinds.getByRole('checkbox', { name: 'Quiz attempt' })).toBeChecked();
  await expect(kinds.getByRole('checkbox', { name: 'Course completion' })).not.toBeChecked();
  await expect(kinds.getByRole('button', { name: 'Only Quiz attempt' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The other kinds keep their numbers while left out.
  await expect(page.getByTestId('count-courseCompletion')).toHaveText(
    /^[\d,]+\/ of [\d,]+ loaded match, not shown$/,
  );
  await loadAllHistory(page);
  await expectShown(page, feed.filter((event) => event.kind === 'quizAttempt').length);

  // Alt (Option on a Mac) and a click on a checkbox: that kind alone, whatever its state.
  await kinds.getByRole('checkbox', { name: 'Course completion' }).click({ modifiers: ['Alt'] });
  await expect(page).toHaveURL(/[?&]kinds=courseCompletion(&|$)/);
  await expect(kinds.getByRole('checkbox', { name: 'Course completion' })).toBeChecked();
  await expect(kinds.getByRole('checkbox', { name: 'Quiz attempt' })).not.toBeChecked();
  await kinds.getByRole('checkbox', { name: 'Course completion' }).click({ modifiers: ['Alt'] });
  await expect(page).toHaveURL(/[?&]kinds=courseCompletion(&|$)/);
  await expect(kinds.getByRole('checkbox', { name: 'Course completion' })).toBeChecked();
  await loadAllHistory(page);
  await expectShown(page, feed.filter((event) => event.kind === 'courseCompletion').length);
  await expectNoSeriousA11yViolations(page, 'one kind only');
});

test('the detail drawer copies the event’s JSON', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openMonitor(page, env, '?kinds=quizAttempt');
  const first = page.getByRole('option').first();
  const id = (await first.getAttribute('data-event-id'))!;
  await first.click();
  const drawer = page.getByRole('dialog', { name: 'Quiz attempt' });
  await drawer.getByRole('button', { name: 'Copy JSON' }).click();
  await expect(drawer.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    id: string;
    kind: string;
  };
  expect(copied).toMatchObject({ id, kind: 'quizAttempt' });
  expect(JSON.stringify(copied, null, 2)).toBe(await drawer.locator('pre').textContent());
});

test('CSV and NDJSON exports hold exactly the filtered events', async ({ page }) => {
  const feed = await env.feedEvents();
  const expected = feed.filter(
    (event) => event.kind === 'assignmentSubmission' || event.kind === 'courseCertificate',
  );
  await openMonitor(page, env, '?kinds=courseCertificate,assignmentSubmission');
  await loadAllHistory(page);
  await expectShown(page, expected.length);

  const csv = await exportFile(page, 'CSV');
  expect(csv.name).toMatch(/^lectern-events-.*\.csv$/);
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines[0]!.split(',').slice(0, 4)).toEqual(['seq', 'id', 'kind', 'timestamp']);
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(rows.map((cells) => `${cells[2]}:${cells[1]}`).sort()).toEqual(idsOf(expected));

  const ndjson = await exportedEvents(page);
  expect(idsOf(ndjson)).toEqual(idsOf(expected));
  const byId = new Map(feed.map((event) => [event.id, event]));
  for (const event of ndjson) expect(event).toEqual(byId.get(event.id));
});

test('the monitor page has no serious or critical accessibility violations', async ({ page }) => {
  await openMonitor(page, env);
  await page.locator('summary', { hasText: 'Relay status' }).click();
  await expect(page.getByRole('table', { name: 'Relay status per event kind' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the event monitor');
  await expect(page.getByRole('status').filter({ hasText: 'Event stream: Live' })).toBeAttached();
});

test('two tabs share one event stream, and the second takes over when the first closes', async ({
  context,
  page,
}) => {
  const streams: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events/stream') streams.push(request.url());
  });
  await openMonitor(page, env);
  const second = await context.newPage();
  await openMonitor(second, env);
  const feedCount = (await env.feedEvents()).length;
  await expectShown(page, Math.min(500, feedCount));
  await expect(second.getByTestId('connection-indicator')).toContainText('shared with another tab');
  const loadedIn = async (tab: typeof page) =>
    Number((await tab.getByTestId('loaded-count').textContent())!.replace(/,/g, ''));
  // Both tabs end with exactly what the first held plus what was produced: the second gets every
  // event through the first tab's stream, none twice.
  const expected = ((await loadedIn(page)) + (await env.produce(20))).toLocaleString('en');
  await expect(page.getByTestId('loaded-count')).toHaveText(expected, { timeout: 5000 });
  await expect(second.getByTestId('loaded-count')).toHaveText(expected, { timeout: 5000 });
  expect(streams).toHaveLength(1);

  await page.close();
  await expect(second.getByTestId('connection-indicator')).not.toContainText(
    'shared with another tab',
  );
  await expect.poll(() => streams.length).toBe(2);
  await env.produce(25);
  await loadAllHistory(second);
  const feed = await env.feedEvents();
  await expectShown(second, feed.length);
  expect(idsOf(await exportedEvents(second))).toEqual(idsOf(feed));
});

test('a new filter reads its own history even when its list starts out like the last one', async ({
  page,
}) => {
  // The 500 newest events (the monitor's first page) are all course activity: every other kind's
  // events lie below it, in the relay's history.
  await expect.poll(() => relayStored(page, env)).toBe((await env.feedEvents()).length);
  await env.produce(600, ['courseAction']);
  const feed = await env.feedEvents();
  await expect.poll(() => relayStored(page, env)).toBe(feed.length);
  const quizzes = feed.filter((event) => event.kind === 'quizAttempt');
  expect(quizzes.length).toBeGreaterThan(0);

  await openMonitor(page, env, '?kinds=quizAttempt&learner=nobody%40lectern.invalid');
  await expect(page.getByText('No events match these filters.')).toBeVisible();
  // Regression: the next filter's first view was as long (0 rows), at the same end of the list and
  // as ready as this one, so nothing asked for its history and the list stopped at "Load older events".
  await page.getByLabel('Learner', { exact: true }).fill('');
  await expect(page).toHaveURL(/\?kinds=quizAttempt$/);
  await expect(page.getByText("Start of the relay's stored history.")).toBeVisible();
  await expectShown(page, quizzes.length);
});
