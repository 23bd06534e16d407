// Calls through contract endpoints: the URL from the path template (parameters percent-encoded), the
// method, the CSRF header on writes, and the answer parsed with the endpoint's response schema.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAudit } from '#contract/console/audit.ts';
import { getRelayStatus, streamEvents } from '#contract/console/relay.ts';
import { grantRole, revokeRole } from '#contract/console/roles.ts';
import { callConsole, consoleUrl } from './console-api.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The console server's answer to the next call, and what the call sent. */
function answer(status: number, body?: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
    });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const grant = {
  email: 'a+b@lectern.test',
  role: 'support',
  source: 'console',
  grantedBy: 'admin@lectern.test',
  grantedAt: '2026-01-01T12:00:00.000Z',
};

describe('callConsole', () => {
  it('fills the path, sends the body with the CSRF header, and parses the answer', async () => {
    const sent = answer(200, { ...grant, extra: 'dropped' });
    expect(
      await callConsole(grantRole, {
        params: { email: 'a+b@lectern.test' },
        body: { role: 'support' },
      }),
    ).toEqual(grant);
    expect(sent).toEqual([
      {
        url: '/api/roles/a%2Bb%40lectern.test',
        method: 'PUT',
        headers: expect.objectContaining({
          'X-Lectern-Csrf': '1',
          'content-type': 'application/json',
        }),
        body: '{"role":"support"}',
      },
    ]);
  });

  it('resolves with nothing on a 204, and sends the query of a list', async () => {
    const sent = answer(204);
    expect(await callConsole(revokeRole, { params: { email: 'x@lectern.test' } })).toBeUndefined();
    expect(sent[0]).toMatchObject({ url: '/api/roles/x%40lectern.test', method: 'DELETE' });

    const pages = answer(200, { entries: [], pageInfo: { hasMore: false } });
    await callConsole(listAudit, { query: { status: '4xx', limit: 50, user: undefined } });
    expect(pages[0]!.url).toBe('/api/audit?status=4xx&limit=50');
  });

  it("keeps the relay's leader (the console's own copy of the status once dropped it)", async () => {
    const status = {
      kinds: [],
      throttledUntil: null,
      leader: 'console-2',
    };
    answer(200, status);
    expect(await callConsole(getRelayStatus)).toEqual(status);
  });

  it('refuses a stream, whose URL is for EventSource', async () => {
    expect(() => callConsole(streamEvents)).toThrow(
      'streamEvents answers a stream: open consoleUrl() instead',
    );
    expect(consoleUrl(streamEvents, { query: { lastEventId: '42' } })).toBe(
      '/api/events/stream?lastEventId=42',
    );
  });
});
