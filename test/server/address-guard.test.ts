// Issue 20, finding 4: `bulkImportAssetPath` values such as http://127.0.0.1:<port>/... and
// http://169.254.169.254/latest/meta-data/ were forwarded; an instance fetching them would be led to
// internal targets. The address guard (src/server/net/address-guard.ts) refuses loopback, private,
// link-local and metadata addresses after resolving the name, with exceptions in LECTERN_URL_ALLOWLIST;
// its dispatcher judges the address at connect time, for the console's own fetches.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConsoleConfig } from '../../src/server/config.ts';
import {
  createAddressGuard,
  describeRefusal,
  internalKind,
  parseAllowlist,
  type HostResolver,
} from '../../src/server/net/address-guard.ts';
import { URL_REFUSALS } from '../../src/server/proxy/write-body.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';
import { tableResolver } from './helpers/test-resolver.ts';

const guard = (allowlist = '', resolve: HostResolver = tableResolver()) =>
  createAddressGuard({ allow: parseAllowlist(allowlist), resolve });

describe('the address guard', () => {
  it('sorts addresses: only plain public unicast passes', () => {
    const kinds = Object.fromEntries(
      [
        '127.0.0.1',
        '127.1.2.3',
        '::1',
        '10.0.0.1',
        '172.16.5.4',
        '192.168.1.1',
        '100.64.0.1',
        'fd00::1',
        '169.254.1.1',
        'fe80::1',
        '169.254.169.254',
        'fd00:ec2::254',
        '100.100.100.200',
        '::ffff:127.0.0.1',
        '::ffff:169.254.169.254',
        '0.0.0.0',
        '::',
        '224.0.0.1',
        '255.255.255.255',
        '93.184.215.14',
        '2606:4700::1111',
      ].map((address) => [address, internalKind(address) ?? 'public']),
    );
    expect(kinds).toEqual({
      '127.0.0.1': 'loopback',
      '127.1.2.3': 'loopback',
      '::1': 'loopback',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '192.168.1.1': 'private',
      '100.64.0.1': 'private',
      'fd00::1': 'private',
      '169.254.1.1': 'link-local',
      'fe80::1': 'link-local',
      '169.254.169.254': 'metadata',
      'fd00:ec2::254': 'metadata',
      '100.100.100.200': 'metadata',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:169.254.169.254': 'metadata',
      '0.0.0.0': 'special',
      '::': 'special',
      '224.0.0.1': 'special',
      '255.255.255.255': 'special',
      '93.184.215.14': 'public',
      '2606:4700::1111': 'public',
    });
  });

  it('judges URLs after resolving their host, however the address is written', async () => {
    const g = guard();
    const verdicts: Record<string, string> = {};
    for (const url of [
      'http://127.0.0.1:4400/x',
      'http://localhost/x',
      'http://LOCALHOST./x',
      'http://0x7f.1/x',
      'http://2130706433/x',
      'http://[::ffff:7f00:1]/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.lectern.test/latest/meta-data/',
      'https://intranet.lectern.test/a.json',
      'https://mixed.lectern.test/a.json',
      'https://v6.lectern.test/a.json',
      'https://user@intranet.lectern.test/a.json',
      'https://files.lectern.test/a.json',
      'https://files.lectern.test:8443/a.json',
      'https://nowhere.lectern.test/a.json',
      'https://files.example.invalid/a.json',
      'file:///etc/passwd',
      'gopher://127.0.0.1/',
      'http://files.lectern.test\\@127.0.0.1/',
      'http://files.lectern.test /a.json',
      'not a url',
    ]) {
      const refusal = await g.checkUrl(url);
      verdicts[url] = refusal ? describeRefusal(refusal) : 'allowed';
    }
    expect(verdicts).toEqual({
      'http://127.0.0.1:4400/x': 'leads to 127.0.0.1, a loopback address (the machine itself)',
      'http://localhost/x':
        'its host localhost leads to 127.0.0.1, a loopback address (the machine itself)',
      'http://LOCALHOST./x':
        'its host localhost leads to 127.0.0.1, a loopback address (the machine itself)',
      'http://0x7f.1/x': 'leads to 127.0.0.1, a loopback address (the machine itself)',
      'http://2130706433/x': 'leads to 127.0.0.1, a loopback address (the machine itself)',
      'http://[::ffff:7f00:1]/x': 'leads to ::ffff:7f00:1, a loopback address (the machine itself)',
      'http://169.254.169.254/latest/meta-data/':
        'leads to 169.254.169.254, a cloud metadata service address',
      'http://metadata.lectern.test/latest/meta-data/':
        'its host metadata.lectern.test leads to 169.254.169.254, a cloud metadata service address',
      'https://intranet.lectern.test/a.json':
        'its host intranet.lectern.test leads to 10.20.30.40, a private network address',
      'https://mixed.lectern.test/a.json':
        'its host mixed.lectern.test leads to 192.168.1.5, a private network address',
      'https://v6.lectern.test/a.json':
        'its host v6.lectern.test leads to fd00::1, a private network address',
      'https://user@intranet.lectern.test/a.json':
        'its host intranet.lectern.test leads to 10.20.30.40, a private network address',
      'https://files.lectern.test/a.json': 'allowed',
      'https://files.lectern.test:8443/a.json': 'allowed',
      'https://nowhere.lectern.test/a.json':
        'its host nowhere.lectern.test could not be resolved, so where it leads cannot be checked',
      'https://files.example.invalid/a.json':
        'its host files.example.invalid could not be resolved, so where it leads cannot be checked',
      'file:///etc/passwd': 'it is not an http(s) URL that parsers read the same way',
      'gopher://127.0.0.1/': 'it is not an http(s) URL that parsers read the same way',
      'http://files.lectern.test\\@127.0.0.1/':
        'it is not an http(s) URL that parsers read the same way',
      'http://files.lectern.test /a.json':
        'it is not an http(s) URL that parsers read the same way',
      'not a url': 'it is not an http(s) URL that parsers read the same way',
    });
  });

  it('resolves with the system resolver by default (localhost, from the hosts file)', async () => {
    const refusal = await createAddressGuard({ allow: [] }).checkUrl('http://localhost:9/x');
    expect(refusal).toMatchObject({ kind: 'internal', host: 'localhost', internal: 'loopback' });
  });

  it('lets through hosts and ranges of LECTERN_URL_ALLOWLIST, and nothing else', async () => {
    const g = guard('intranet.lectern.test, 192.168.0.0/16, fd00::/8, 127.0.0.1');
    expect(await g.checkUrl('https://intranet.lectern.test/a.json')).toBeUndefined();
    expect(await g.checkUrl('https://mixed.lectern.test/a.json')).toBeUndefined();
    expect(await g.checkUrl('https://v6.lectern.test/a.json')).toBeUndefined();
    expect(await g.checkUrl('http://127.0.0.1/x')).toBeUndefined();
    expect(await g.checkUrl('http://127.0.0.2/x')).toMatchObject({ internal: 'loopback' });
    expect(await g.checkUrl('http://metadata.lectern.test/')).toMatchObject({
      internal: 'metadata',
    });
  });

  it('reads LECTERN_URL_ALLOWLIST in the configuration, and names a bad entry', () => {
    const entries = readConsoleConfig({
      LECTERN_URL_ALLOWLIST: ' Files.Corp., 10.0.0.0/8 ,',
    }).urlAllowlist;
    expect(entries.map((entry) => ('host' in entry ? entry.host : entry.text))).toEqual([
      'files.corp',
      '10.0.0.0/8',
    ]);
    expect(() => readConsoleConfig({ LECTERN_URL_ALLOWLIST: 'files.corp, 10.0.0.0/99' })).toThrow(
      "LECTERN_URL_ALLOWLIST: must be a comma-separated list of hosts and CIDR ranges: '10.0.0.0/99' is not a CIDR range such as 10.20.0.0/16 or fd00::/8",
    );
    expect(() => readConsoleConfig({ LECTERN_URL_ALLOWLIST: 'http://files.corp/' })).toThrow(
      "'http://files.corp/' is not a host name, an IP address or a CIDR range",
    );
  });

  describe("a fetcher's dispatcher: judged when connecting", () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((_request, response) => response.end('inside'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const fetchThrough = async (g: ReturnType<typeof guard>, url: string) => {
      const dispatcher = g.dispatcher();
      try {
        const response = await request(url, { dispatcher });
        return `${response.statusCode} ${await response.body.text()}`;
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return (error as { code?: string }).code ?? cause?.code ?? String(error);
      } finally {
        await dispatcher.close();
      }
    };

    it('refuses an internal address written as an IP or reached through a name', async () => {
      expect(await fetchThrough(guard(), `http://127.0.0.1:${port}/`)).toBe(
        'LECTERN_ADDRESS_REFUSED',
      );
      expect(await fetchThrough(guard(), `http://localhost:${port}/`)).toBe(
        'LECTERN_ADDRESS_REFUSED',
      );
    });

    it('connects where the allowlist says', async () => {
      // localhost is 127.0.0.1 and ::1 here: one address outside the allowlist is enough to refuse.
      expect(await fetchThrough(guard('127.0.0.0/8'), `http://localhost:${port}/`)).toBe(
        'LECTERN_ADDRESS_REFUSED',
      );
      expect(await fetchThrough(guard('127.0.0.0/8, ::1/128'), `http://localhost:${port}/`)).toBe(
        '200 inside',
      );
      expect(await fetchThrough(guard('127.0.0.1'), `http://127.0.0.1:${port}/`)).toBe(
        '200 inside',
      );
    });

    it('judges the address it connects to, not the one a check saw (DNS rebinding)', async () => {
      let calls = 0;
      const rebinding: HostResolver = async () => [
        { address: ++calls === 1 ? '93.184.215.14' : '127.0.0.1', family: 4 },
      ];
      const g = guard('', rebinding);
      expect(await g.checkUrl(`http://rebind.lectern.test:${port}/`)).toBeUndefined();
      expect(await fetchThrough(g, `http://rebind.lectern.test:${port}/`)).toBe(
        'LECTERN_ADDRESS_REFUSED',
      );
    });
  });
});

describe('import URLs through the console (finding 4)', () => {
  let h: Harness;
  let admin: string;
  const IMPORT = '/api/v2/content/courseGroup/webinar/bulk';
  beforeAll(async () => {
    h = await startHarness();
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(() => h.close());

  const importFrom = (url: string) =>
    h.http.post(IMPORT, { cookie: admin, body: { bulkImportAssetPath: url } });

  it('refuses internal addresses with a 400 that says why, without calling the instance', async () => {
    const sandboxPort = new URL(h.sandbox.baseUrl).port;
    const cases = {
      [`http://127.0.0.1:${sandboxPort}/sandbox/settings`]:
        'leads to 127.0.0.1, a loopback address (the machine itself)',
      'http://169.254.169.254/latest/meta-data/':
        'leads to 169.254.169.254, a cloud metadata service address',
      'https://intranet.lectern.test/sessions.json':
        'its host intranet.lectern.test leads to 10.20.30.40, a private network address',
      'http://[fe80::1]/x': 'leads to fe80::1, a link-local address',
    };
    const before = h.upstreamRequests.length;
    for (const [url, why] of Object.entries(cases)) {
      const response = await importFrom(url);
      expect(response.status, url).toBe(400);
      expect(response.body).toEqual({
        error: 'bad_request',
        message: URL_REFUSALS.guarded('bulkImportAssetPath', why),
      });
    }
    const unsupported = await importFrom('file:///etc/passwd');
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.message).toBe(URL_REFUSALS.unsupported('bulkImportAssetPath'));
    expect(h.upstreamRequests.length).toBe(before);

    const audit = await h.server.store.db
      .selectFrom('audit_log')
      .select(['status', 'refusal'])
      .where('operation', '=', 'bulkImportWebinarCourseGroups')
      .orderBy('seq')
      .execute();
    expect(audit).toHaveLength(5);
    expect(audit[1]).toEqual({
      status: 400,
      refusal: URL_REFUSALS.guarded(
        'bulkImportAssetPath',
        'leads to 169.254.169.254, a cloud metadata service address',
      ),
    });
  });

  it('forwards public and data: URLs', async () => {
    for (const url of ['https://files.lectern.test/sessions.json', 'data:application/json,[]']) {
      const response = await importFrom(url);
      expect(response.headers['x-lectern-source'], url).toBe('upstream');
      expect(response.status, url).toBe(200);
    }
  });
});

describe('import URLs with LECTERN_URL_ALLOWLIST', () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await startHarness({ env: { LECTERN_URL_ALLOWLIST: '10.0.0.0/8' } });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
  });
  afterAll(() => h.close());

  it('forwards an intranet file host the operator allowed', async () => {
    const response = await h.http.post('/api/v2/content/courseGroup/webinar/bulk', {
      cookie: admin,
      body: { bulkImportAssetPath: 'https://intranet.lectern.test/sessions.json' },
    });
    expect(response.headers['x-lectern-source']).toBe('upstream');
  });
});
