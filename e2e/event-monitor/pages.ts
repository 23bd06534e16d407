// Page helpers shared by the event monitor's specs.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { LearnerEvent } from '#contract/schemas/events.ts';
import { workerPorts } from '../support/env.ts';
import { MonitorEnv, STAFF } from './harness.ts';

/**
 * A console server and sandbox of the spec file's own, started before its tests and stopped after, on
 * the worker's monitor ports (a worker runs one spec file at a time).
 */
export function useMonitorEnv(): MonitorEnv {
  const env = new MonitorEnv();
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(120_000);
    const ports = workerPorts(testInfo.parallelIndex);
    await env.start({ sandbox: ports.monitorSandbox, console: ports.monitorConsole });
  });
  test.afterAll(async () => {
    await env.close();
  });
  return env;
}

export async function signInSupport(page: Page, env: MonitorEnv): Promise<void> {
  const response = await page.request.post(`${env.url}/api/session`, {
    data: STAFF.support,
    headers: { 'X-Lectern-Csrf': '1', origin: env.url },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Opens the monitor (optionally with a query) and waits for its first page. */
export async function openMonitor(page: Page, env: MonitorEnv, query = ''): Promise<void> {
  await page.goto(`${env.url}/events${query}`);
  await expect(page.getByRole('heading', { name: 'Event monitor', level: 1 })).toBeVisible();
  await expect(page.getByTestId('connection-indicator')).toContainText('Live');
}

export const shownCount = async (page: Page): Promise<number> =>
  Number((await page.getByTestId('shown-count').textContent())!.replace(/,/g, ''));

export const expectShown = (page: Page, count: number, timeout?: number) =>
  expect(page.getByTestId('shown-count')).toHaveText(count.toLocaleString('en'), { timeout });

/** Scrolls the list to its end until the relay's whole history for the filter is loaded. */
export async function loadAllHistory(page: Page): Promise<void> {
  const scroller = page.getByTestId('event-list-scroll');
  const end = page.getByText("Start of the relay's stored history.");
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(end).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

/** Clicks an export button and returns the downloaded file's name and text. */
export async function exportFile(
  page: Page,
  format: 'CSV' | 'NDJSON',
): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Export ${format}` }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

export async function exportedEvents(page: Page): Promise<LearnerEvent[]> {
  const { text } = await exportFile(page, 'NDJSON');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LearnerEvent);
}

/** Ids, sorted, with duplicates kept (so a duplicate fails an equality check). */
export const idsOf = (events: readonly { kind: string; id: string }[]) =>
  events.map((event) => `${event.kind}:${event.id}`).sort();
