// The shared bulk runner: chunks of a configurable size, bounded concurrency, per-item states with the
// API's exact messages and status, skipped items never sent, stop, "retry failed only", and 429s waited
// out through the API client (against a real local HTTP server) until it gives up.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '#contract/zod.ts';
import { createApiClient } from '../api-client.ts';
import { ApiError } from '../api-error.ts';
import {
  NOT_SENT_REASON,
  STOPPED_REASON,
  THROTTLED_REASON,
  chunk,
  countResults,
  runBulk,
  unfinishedOf,
  type BulkItem,
  type BulkItemResult,
  type RunBulkOptions,
} from './bulk-runner.ts';

const items = (count: number): BulkItem[] =>
  Array.from({ length: count }, (_, i) => ({ key: `k${i}`, title: `Item ${i}` }));

async function run(
  options: Omit<RunBulkOptions<BulkItem>, 'onResult' | 'signal'> & {
    signal?: AbortSignal;
  },
) {
  const results = new Map<string, BulkItemResult>();
  const history: [string, BulkItemResult['status']][] = [];
  await runBulk({
    signal: new AbortController().signal,
    ...options,
    onResult: (key, result) => {
      results.set(key, result);
      history.push([key, result.status]);
    },
  });
  return { results, history };
}

const statusOf = (results: Map<string, BulkItemResult>) =>
  Object.fromEntries([...results].map(([key, result]) => [key, result.status]));

describe('runBulk', () => {
  it('sends chunks of the configured size; a refused chunk fails whole with the exact messages', async () => {
    const sent: string[][] = [];
    const { results } = await run({
      items: items(250),
      chunkSize: 100,
      concurrency: 1,
      send: async (batch) => {
        sent.push(batch.map((item) => item.key));
        if (sent.length === 2)
          throw new ApiError('validation', 400, ['Some courses not found or unauthorized']);
      },
    });
    expect(sent.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(sent[1]![0]).toBe('k100');
    expect(results.get('k0')).toEqual({
      status: 'done',
      reason: null,
      messages: [],
      httpStatus: null,
    });
    expect(results.get('k150')).toEqual({
      status: 'failed',
      reason: null,
      messages: ['Some courses not found or unauthorized'],
      httpStatus: 400,
    });
    expect(countResults(results.values())).toEqual({
      total: 250,
      pending: 0,
      running: 0,
      done: 150,
      skipped: 0,
      failed: 100,
      settled: 250,
    });
  });

  it('never has more calls in flight than the concurrency, and marks items running while sent', async () => {
    let inFlight = 0;
    let most = 0;
    const { history } = await run({
      items: items(20),
      concurrency: 3,
      send: async () => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
      },
    });
    expect(most).toBe(3);
    expect(history.filter(([key]) => key === 'k7').map(([, status]) => status)).toEqual([
      'running',
      'done',
    ]);
  });

  it('reports skipped items with their reason first and never sends them', async () => {
    const sent: string[] = [];
    const all = items(3);
    const { results, history } = await run({
      items: [all[0]!, all[2]!],
      skipped: [{ item: all[1]!, reason: 'Deleted courses cannot be published.' }],
      send: async (batch) => void sent.push(...batch.map((item) => item.key)),
    });
    expect(sent.sort()).toEqual(['k0', 'k2']);
    expect(history[0]).toEqual(['k1', 'skipped']);
    expect(results.get('k1')).toEqual({
      status: 'skipped',
      reason: 'Deleted courses cannot be published.',
      messages: [],
      httpStatus: null,
    });
  });

  it('applies per-item outcomes from a chunk’s answer; items it does not name are done', async () => {
    const { results } = await run({
      items: items(3),
      chunkSize: 3,
      send: async () =>
        new Map([
          ['k1', { status: 'failed' as const, messages: ["The API answered status 'draft'."] }],
          ['k2', { status: 'skipped' as const, reason: 'Already published.' }],
        ]),
    });
    expect(statusOf(results)).toEqual({ k0: 'done', k1: 'failed', k2: 'skipped' });
    expect(results.get('k1')!.messages).toEqual(["The API answered status 'draft'."]);
    expect(results.get('k1')!.httpStatus).toBeNull();
    expect(results.get('k2')!.reason).toBe('Already published.');
  });

  it('keeps a plain error’s message with no HTTP status', async () => {
    const { results } = await run({
      items: items(1),
      send: async () => {
        throw new Error("The API answered status 'draft', not 'published'.");
      },
    });
    expect(results.get('k0')).toEqual({
      status: 'failed',
      reason: null,
      messages: ["The API answered status 'draft', not 'published'."],
      httpStatus: null,
    });
  });

  it('sends nothing more after a stop: the call in flight and the unsent items stay pending', async () => {
    const controller = new AbortController();
    let sent = 0;
    const { results } = await run({
      items: items(10),
      concurrency: 1,
      signal: controller.signal,
      send: async (_batch, signal) => {
        sent++;
        if (sent === 3) {
          controller.abort(new DOMException('Stopped by the user', 'AbortError'));
          throw signal.reason;
        }
      },
    });
    expect(sent).toBe(3);
    expect(statusOf(results)).toMatchObject({
      k0: 'done',
      k1: 'done',
      k2: 'pending',
      k9: 'pending',
    });
    expect(results.get('k2')!.reason).toBe(STOPPED_REASON);
    expect(results.get('k3')!.reason).toBe(NOT_SENT_REASON);
  });

  it('retries only what is not done: failed and unsent items, never done or skipped ones', async () => {
    const all = items(5);
    const first = await run({
      items: all.slice(0, 4),
      skipped: [{ item: all[4]!, reason: 'Already a draft.' }],
      send: async ([item]) => {
        if (item!.key === 'k1' || item!.key === 'k3') throw new ApiError('server', 500, ['Boom']);
      },
    });
    const retry = unfinishedOf(all, first.results);
    expect(retry.map((item) => item.key)).toEqual(['k1', 'k3']);
    const sent: string[] = [];
    const second = await run({
      items: retry,
      send: async (batch) => void sent.push(...batch.map((item) => item.key)),
    });
    expect(sent.sort()).toEqual(['k1', 'k3']);
    expect(statusOf(second.results)).toEqual({ k1: 'done', k3: 'done' });
  });

  it('chunk() splits in order and treats a size below 1 as 1', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([1, 2], 0)).toEqual([[1], [2]]);
  });
});

describe('runBulk with the API client: 429 and Retry-After', () => {
  let server: Server;
  let origin: string;
  let answer: (response: ServerResponse, url: string) => void;
  const requests: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url!);
      request.resume();
      request.on('end', () => answer(response, request.url!));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const tooMany = (response: ServerResponse) => {
    response.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' });
    response.end(JSON.stringify({ errors: ['Rate limit exceeded'] }));
  };
  const ok = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('true');
  };

  it('waits out Retry-After through the client and then confirms the item', async () => {
    requests.length = 0;
    const waits: number[] = [];
    const client = createApiClient({
      origin,
      sleep: async (ms) => void waits.push(ms),
    });
    let calls = 0;
    answer = (response) => (++calls === 1 ? tooMany(response) : ok(response));
    const { results } = await run({
      items: items(1),
      send: async ([item]) => {
        await client.request(`/api/v2/x/${item!.key}`, { method: 'PUT', schema: z.literal(true) });
      },
    });
    expect(waits).toEqual([2000]);
    expect(requests).toEqual(['/api/v2/x/k0', '/api/v2/x/k0']);
    expect(results.get('k0')!.status).toBe('done');
  });

  it('when the client gives up on 429, fails that call and sends nothing more', async () => {
    requests.length = 0;
    const client = createApiClient({ origin, maxThrottleWaits: 1, sleep: async () => undefined });
    answer = (response, url) => (url.endsWith('/k1') ? tooMany(response) : ok(response));
    const { results } = await run({
      items: items(5),
      concurrency: 1,
      send: async ([item]) => {
        await client.request(`/api/v2/x/${item!.key}`, { method: 'PUT', schema: z.literal(true) });
      },
    });
    expect(statusOf(results)).toEqual({
      k0: 'done',
      k1: 'failed',
      k2: 'pending',
      k3: 'pending',
      k4: 'pending',
    });
    expect(results.get('k1')).toEqual({
      status: 'failed',
      reason: null,
      messages: ['Rate limit exceeded'],
      httpStatus: 429,
    });
    expect(results.get('k2')!.reason).toBe(THROTTLED_REASON);
    // k0 once, k1 sent twice (one wait allowed), nothing after.
    expect(requests).toEqual(['/api/v2/x/k0', '/api/v2/x/k1', '/api/v2/x/k1']);
  });
});
