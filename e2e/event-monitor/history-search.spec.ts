// Issue 25: the monitor's free text searches the relay's whole stored history on the server (not only
// the events loaded in the browser), with the meaning the contract gives it; quiz attempts name their
// topic in the row, the drawer and the CSV export, the title looked up through the console server.
import { expect, test } from '@playwright/test';
import { eventSearchMatcher, parseEventSearch } from '#contract/console/event-search.ts';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import {
  expectShown,
  exportFile,
  loadAllHistory,
  openMonitor,
  relayStored,
  signInSupport,
  useMonitorEnv,
} from './pages.ts';

test.describe.configure({ mode: 'serial' });

const env = useMonitorEnv();
let feed: LearnerEvent[] = [];

test.beforeEach(async ({ page }) => {
  await signInSupport(page, env);
  if (feed.length > 0) return;
  // More than one history page (500), so the oldest events are not among the first loaded.
  await env.produce(400);
  await env.produce(400);
  feed = await env.feedEvents();
  await expect.poll(() => relayStored(page, env), { timeout: 30_000 }).toBe(feed.length);
});

test('the free text finds an event the browser has not loaded, by asking the server', async ({
  page,
}) => {
  expect(feed.length).toBeGreaterThan(500);
  await openMonitor(page, env);
  const oldest = [...feed].sort((a, b) => a.timestamp - b.timestamp)[0]!;
  const asked = page.waitForRequest(
    (request) => request.url().includes('/api/events?') && request.url().includes('q='),
  );
  await page.getByLabel('Search all events').fill(oldest.id);
  expect(new URL((await asked).url()).searchParams.get('q')).toBe(oldest.id);
  await expectShown(page, 1);
  await expect(page.getByRole('option')).toHaveAttribute('data-event-id', oldest.id);

  // A phrase and an exclusion: exactly the events the contract's matcher accepts, history included.
  const { q, expected } = phraseLeavingSomeOut(feed);
  await page.getByLabel('Search all events').fill(q);
  await expect(page).toHaveURL(/[?&]q=/);
  await loadAllHistory(page);
  await expectShown(page, expected.length);

  // Only -words: not a search; the field says why.
  await page.getByLabel('Search all events').fill(`-${oldest.learner.lastName}`);
  await expect(page.getByText('each part of the search needs a word to find')).toBeVisible();
  await expect(page.getByLabel('Search all events')).toHaveAttribute('aria-invalid', 'true');
});

test('a quiz attempt names its topic in the row, the drawer and the CSV export', async ({
  page,
}) => {
  const quiz = feed.find((event) => event.kind === 'quizAttempt' && event.topicId !== null)!;
  const topic = (await (
    await env.sandboxRequest('GET', `/incoming/v2/topics/${quiz.topicId}`)
  ).json()) as { title: string };
  await openMonitor(page, env, `?q=${encodeURIComponent(quiz.id)}`);
  await expectShown(page, 1);
  const row = page.getByRole('option');
  await expect(row).toContainText(`the quiz “${topic.title}” in ${quiz.course!.title}`);
  await row.click();

  const drawer = page.getByRole('dialog', { name: 'Quiz attempt' });
  await expect(drawer.getByTestId('topic-title')).toHaveText(topic.title);
  await expect(drawer).toContainText(quiz.topicId!);
  await expectNoSeriousA11yViolations(page, 'the detail drawer with a topic title');
  await page.keyboard.press('Escape');

  const { text } = await exportFile(page, 'CSV');
  const [header, line] = text.trimEnd().split('\r\n');
  const columns = header!.split(',');
  expect(columns).toContain('topicTitle');
  expect(line).toContain(`,${quiz.topicId},`);
  expect(line).toContain(topic.title.includes(',') ? `"${topic.title}"` : topic.title);
});

test('guide screenshots: a search over the history and a quiz attempt named by its topic', async ({
  page,
}) => {
  test.skip(!process.env.LECTERN_SCREENSHOTS, 'set LECTERN_SCREENSHOTS=1 to refresh screenshots');
  const quiz = feed.find((event) => event.kind === 'quizAttempt' && event.topicId !== null)!;
  const q = `"${quiz.course!.title}" or ${quiz.learner.lastName}`;
  for (const [name, viewport] of [
    ['event-search', { width: 1440, height: 900 }],
    ['phone-event-search', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await openMonitor(page, env, `?kinds=quizAttempt&q=${encodeURIComponent(q)}`);
    await expect(page.getByRole('option').first()).toContainText('the quiz “');
    // On a phone the filters fill the first screen: show the search field and the rows under it.
    if (viewport.width < 500)
      await page.evaluate(() =>
        document.querySelector('[type="search"]')?.scrollIntoView({ block: 'start' }),
      );
    await page.screenshot({ path: `docs/screenshots/${name}.png`, animations: 'disabled' });
    await page.getByRole('option').first().click();
    await expect(page.getByRole('dialog').getByTestId('topic-title')).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/${name}-drawer.png`, animations: 'disabled' });
  }
});

/**
 * A course title in quotes and a learner's last name after `-`, chosen from the feed so that the
 * exclusion leaves some of the title's events out and keeps others (the feed is random: the oldest
 * event's own pair can exclude every event of its course).
 */
function phraseLeavingSomeOut(events: readonly LearnerEvent[]): {
  q: string;
  expected: LearnerEvent[];
} {
  const oldestFirst = [...events].sort((a, b) => a.timestamp - b.timestamp);
  for (const event of oldestFirst) {
    const resource = event.course ?? event.learningPath!;
    const q = `"${resource.title}" -${event.learner.lastName}`;
    const parsed = parseEventSearch(q);
    if (!parsed.ok) throw new Error(parsed.message);
    const titled = parseEventSearch(`"${resource.title}"`);
    if (!titled.ok) throw new Error(titled.message);
    const expected = events.filter(eventSearchMatcher(parsed.search));
    const withTitle = events.filter(eventSearchMatcher(titled.search)).length;
    if (expected.length > 0 && expected.length < withTitle) return { q, expected };
  }
  throw new Error('no course title in the feed whose events have more than one learner last name');
}
