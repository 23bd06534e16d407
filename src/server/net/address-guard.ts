// Where the console may send someone else's server: a URL an instance will fetch (a bulk import file) or
// that the console fetches itself (the course checks' link fetcher) must not lead to this machine, the
// private network or a cloud metadata service. A host is judged by the addresses its name resolves to:
// only plain public unicast addresses pass, unless LECTERN_URL_ALLOWLIST names the host or a range that
// holds the address. Two ways in:
//   - `checkUrl(url)`: resolve now and say why not (for a URL handed to someone else, who resolves it
//     again: the best the console can do is refuse names that lead inside today);
//   - `dispatcher()` / `lookup`: for the console's own fetches, the check runs when the connection is
//     made, on the very address connected to, so a name that resolves elsewhere a second later (DNS
//     rebinding) and every redirect hop are judged too.
// See docs/decisions/address-guard.md.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector } from 'undici';

/** Why an address is internal, in the words of a message. */
export type InternalKind = 'loopback' | 'private' | 'link-local' | 'metadata' | 'special';

export type UrlRefusal =
  /** Not an http(s) URL, or written so that parsers may read different hosts from it. */
  | { kind: 'unsupported' }
  /** The name did not resolve (in time): where it leads cannot be checked. */
  | { kind: 'unresolved'; host: string }
  | { kind: 'internal'; host: string; address: string; internal: InternalKind };

/** One entry of LECTERN_URL_ALLOWLIST: a host name (or IP written as a host), or a CIDR range. */
export type AllowEntry =
  { host: string } | { range: [ipaddr.IPv4 | ipaddr.IPv6, number]; text: string };

/** Resolves a name to its addresses, as `dns.lookup(name, { all: true })` does. */
export type HostResolver = (host: string) => Promise<LookupAddress[]>;

export interface AddressGuard {
  /** Resolves the URL's host; undefined when it may be fetched, else why not. */
  checkUrl(url: string): Promise<UrlRefusal | undefined>;
  /** Why `address` (an IP) reached through `host` is refused, or undefined. */
  refusalFor(host: string, address: string): UrlRefusal | undefined;
  /** A `lookup` for net.connect/tls.connect (and undici's `connect` option) that refuses internal addresses. */
  lookup: LookupFunction;
  /** An undici Agent that connects only where the guard allows (IP literals included). */
  dispatcher(options?: Agent.Options): Agent;
}

/** Error of a connection the guard refused (its `code`, for callers that sort errors). */
export class AddressRefusedError extends Error {
  readonly code = 'LECTERN_ADDRESS_REFUSED';
  constructor(readonly refusal: UrlRefusal) {
    super(`Refused by the address guard: ${describeRefusal(refusal)}`);
  }
}

// Cloud metadata services (AWS, GCP, Azure, OpenStack: 169.254.169.254; AWS ECS: 169.254.170.2; AWS over
// IPv6: fd00:ec2::254; Alibaba: 100.100.100.200). Their ranges are refused anyway; named for the message.
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '100.100.100.200']);
const DEFAULT_LOOKUP_TIMEOUT_MS = 3000;

/** Parses LECTERN_URL_ALLOWLIST (`files.example.com, 10.20.0.0/16, 192.0.2.7`); throws naming a bad entry. */
export function parseAllowlist(text: string): AllowEntry[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item): AllowEntry => {
      if (ipaddr.isValidCIDR(item)) return { range: ipaddr.parseCIDR(item), text: item };
      if (item.includes('/') && isIP(item.split('/')[0]!))
        throw new Error(`'${item}' is not a CIDR range such as 10.20.0.0/16 or fd00::/8`);
      const host = bare(item.toLowerCase());
      if (
        !isIP(host) &&
        !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/.test(host)
      )
        throw new Error(`'${item}' is not a host name, an IP address or a CIDR range`);
      return { host: host.replace(/\.$/, '') };
    });
}

/** What is wrong with an internal address, or undefined for a plain public unicast one. */
export function internalKind(address: string): InternalKind | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(bare(address));
  } catch {
    return 'special';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (METADATA.has(parsed.toNormalizedString()) || METADATA.has(parsed.toString()))
    return 'metadata';
  switch (parsed.range()) {
    case 'unicast':
      return undefined;
    case 'loopback':
      return 'loopback';
    case 'private':
    case 'uniqueLocal':
    case 'carrierGradeNat':
      return 'private';
    case 'linkLocal':
      return 'link-local';
    default:
      // unspecified, broadcast, multicast, reserved, and IPv6 forms that carry an IPv4 address inside.
      return 'special';
  }
}

const KIND_WORDS: Record<InternalKind, string> = {
  loopback: 'a loopback address (the machine itself)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  metadata: 'a cloud metadata service address',
  special: 'a reserved or special-purpose address',
};

/** "leads to 169.254.169.254, a cloud metadata service address" and the like, for messages. */
export function describeRefusal(refusal: UrlRefusal): string {
  switch (refusal.kind) {
    case 'unsupported':
      return 'it is not an http(s) URL that parsers read the same way';
    case 'unresolved':
      return `its host ${refusal.host} could not be resolved, so where it leads cannot be checked`;
    case 'internal':
      return `${refusal.host === refusal.address ? '' : `its host ${refusal.host} `}leads to ${refusal.address}, ${KIND_WORDS[refusal.internal]}`;
  }
}

export function createAddressGuard(options: {
  allow: readonly AllowEntry[];
  /** Name resolution; `dns.lookup` by default (tests pass their own: no name here resolves). */
  resolve?: HostResolver;
  lookupTimeoutMs?: number;
}): AddressGuard {
  const hosts = new Set(options.allow.flatMap((entry) => ('host' in entry ? [entry.host] : [])));
  const ranges = options.allow.flatMap((entry) => ('range' in entry ? [entry.range] : []));
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;

  const hostAllowed = (host: string) => hosts.has(normalHost(host));
  const rangeAllowed = (address: string) => {
    const parsed = ipaddr.process(bare(address));
    return ranges.some(([base, bits]) => base.kind() === parsed.kind() && parsed.match(base, bits));
  };

  function refusalFor(host: string, address: string): UrlRefusal | undefined {
    if (hostAllowed(host) || hostAllowed(address)) return undefined;
    const internal = internalKind(address);
    if (internal === undefined || rangeAllowed(address)) return undefined;
    return { kind: 'internal', host: normalHost(host), address: bare(address), internal };
  }

  /** The addresses of `host`, each judged; the first refusal wins (one bad address is enough). */
  async function judge(
    host: string,
  ): Promise<{ addresses: LookupAddress[]; refusal?: UrlRefusal }> {
    const name = normalHost(host);
    if (isIP(name))
      return {
        addresses: [{ address: name, family: isIP(name) }],
        refusal: refusalFor(name, name),
      };
    if (hostAllowed(name)) return { addresses: await resolveWithin(name) };
    // RFC 6761: `.invalid` never resolves; asking a DNS server would only leak the name.
    if (name === 'invalid' || name.endsWith('.invalid'))
      return { addresses: [], refusal: { kind: 'unresolved', host: name } };
    let addresses: LookupAddress[];
    try {
      addresses = await resolveWithin(name);
    } catch {
      return { addresses: [], refusal: { kind: 'unresolved', host: name } };
    }
    if (addresses.length === 0) return { addresses, refusal: { kind: 'unresolved', host: name } };
    for (const { address } of addresses) {
      const refusal = refusalFor(name, address);
      if (refusal) return { addresses, refusal };
    }
    return { addresses };
  }

  function resolveWithin(host: string): Promise<LookupAddress[]> {
    return new Promise((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`resolving ${host} took over ${timeoutMs} ms`)),
        timeoutMs,
      );
      resolve(host).then(
        (addresses) => {
          clearTimeout(timer);
          done(addresses);
        },
        (error: unknown) => {
          clearTimeout(timer);
          fail(error);
        },
      );
    });
  }

  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    judge(hostname).then(
      ({ addresses, refusal }) => {
        if (refusal) return callback(new AddressRefusedError(refusal), '', 4);
        const family = lookupOptions.family;
        const usable = addresses.filter(
          (entry) => !family || family === entry.family || family === `IPv${entry.family}`,
        );
        if (usable.length === 0) {
          const error = Object.assign(new Error(`no address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          return callback(error, '', 4);
        }
        if (lookupOptions.all) return callback(null, usable as never, 0);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, '', 4),
    );
  };

  return {
    async checkUrl(url) {
      const parsed = parseFetchableUrl(url);
      if (!parsed) return { kind: 'unsupported' };
      return (await judge(parsed.hostname)).refusal;
    },
    refusalFor,
    lookup,
    dispatcher(agentOptions = {}) {
      const connectOptions = typeof agentOptions.connect === 'object' ? agentOptions.connect : {};
      const connector = buildConnector({
        ...connectOptions,
        lookup,
      } as buildConnector.BuildOptions);
      return new Agent({
        ...agentOptions,
        // net.connect skips `lookup` for an IP literal: that case is judged here.
        connect(target, callback) {
          const host = bare(target.hostname);
          const refusal = isIP(host) ? refusalFor(host, host) : undefined;
          if (refusal) return callback(new AddressRefusedError(refusal), null);
          connector(target, callback);
        },
      });
    },
  };
}

/**
 * The URL when it is http(s) and written so that parsers agree on its host: no backslash, whitespace or
 * control character anywhere (WHATWG reads `http://a.com\@10.0.0.1/` as host a.com, others as 10.0.0.1).
 */
export function parseFetchableUrl(value: string): URL | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\x00-\x1f\x7f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.hostname ? url : undefined;
}

const systemResolver: HostResolver = (host) =>
  new Promise((done, fail) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? fail(error) : done(addresses),
    ),
  );

/** `[::1]` -> `::1` (URL hostnames keep IPv6 brackets). */
function bare(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function normalHost(host: string): string {
  return bare(host.toLowerCase()).replace(/\.$/, '');
}
