// The course checks' link checker on its own, through the real address guard, against a local web
// server on 127.0.0.1 (allowed): redirects followed up to the limit, requests in flight bounded, one
// request per URL even when two checks ask at once, answers cached until they expire, and the guard
// refusing loopback when it is not allowed.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createLinkChecker,
  MAX_REDIRECTS,
  type LinkChecker,
} from '../../src/server/checks/link-checker.ts';
import { createAddressGuard, parseAllowlist } from '../../src/server/net/address-guard.ts';
import { startLinkServer, type LinkServer } from '../helpers/link-server.ts';
import { tableResolver } from './helpers/test-resolver.ts';

describe('link checker', () => {
  let links: LinkServer;
  let checker: LinkChecker | undefined;
  let clock = 0;

  const make = (options: { concurrency?: number; allow?: string } = {}) => {
    const guard = createAddressGuard({
      allow: parseAllowlist(options.allow ?? '127.0.0.1'),
      resolve: tableResolver(),
    });
    checker = createLinkChecker({
      dispatcher: guard.dispatcher({ connections: options.concurrency ?? 4 }),
      concurrency: options.concurrency ?? 4,
      timeoutMs: 2000,
      cacheMs: 60_000,
      now: () => clock,
    });
    return checker;
  };

  beforeAll(async () => {
    links = await startLinkServer({ delayMs: 30 });
  });
  afterEach(async () => {
    await checker?.close();
    checker = undefined;
    links.requests.clear();
    links.inFlight.most = 0;
  });
  afterAll(() => links.close());

  it('follows redirects up to the limit, and names a chain that is longer', async () => {
    const run = await make().check([
      links.url(`/redirect/${MAX_REDIRECTS}`),
      links.url(`/redirect/${MAX_REDIRECTS + 1}`),
    ]);
    expect(run.outcomes.get(links.url(`/redirect/${MAX_REDIRECTS}`))).toEqual({
      kind: 'ok',
      status: 200,
    });
    expect(run.outcomes.get(links.url(`/redirect/${MAX_REDIRECTS + 1}`))).toEqual({
      kind: 'tooManyRedirects',
      limit: MAX_REDIRECTS,
    });
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const urls = Array.from({ length: 40 }, (_, index) => links.url(`/ok/${index}`));
    const done: number[] = [];
    const run = await make({ concurrency: 3 }).check(urls, {
      onSettled: (count) => done.push(count),
    });
    expect(run.fetched).toBe(40);
    expect(links.inFlight.most).toBe(3);
    expect(done).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it('asks once for a URL two checks want at once, then answers from the cache until it expires', async () => {
    const checker = make();
    const url = links.url('/ok/shared');
    const [first, second] = await Promise.all([checker.check([url]), checker.check([url])]);
    expect(first.fetched + second.fetched).toBe(1);
    expect(second.outcomes.get(url)).toEqual({ kind: 'ok', status: 200 });
    expect((await checker.check([url])).fetched).toBe(0);
    clock += 60_000;
    expect((await checker.check([url])).fetched).toBe(1);
    expect(links.requests.get('HEAD /ok/shared')).toBe(2);
  });

  it('never connects to loopback unless the allowlist names it', async () => {
    const run = await make({ allow: '' }).check([links.url('/ok/private')]);
    expect(run.outcomes.get(links.url('/ok/private'))).toEqual({
      kind: 'internal',
      why: expect.stringContaining('127.0.0.1'),
    });
    expect(links.requests.size).toBe(0);
  });
});
