// Name resolution for console servers under test: nothing a test runs may query a DNS server, so the URL
// guard resolves through this table (`localhost` as the system does; a few made-up names standing for a
// public file host, an intranet host and a metadata alias). Any other name does not resolve. The
// addresses are only judged, never connected to.
import type { LookupAddress } from 'node:dns';
import type { HostResolver } from '../../../src/server/net/address-guard.ts';

export const TEST_HOSTS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'files.lectern.test': ['93.184.215.14'],
  'intranet.lectern.test': ['10.20.30.40'],
  'metadata.lectern.test': ['169.254.169.254'],
  'mixed.lectern.test': ['93.184.215.14', '192.168.1.5'],
  'v6.lectern.test': ['fd00::1'],
};

export function tableResolver(table: Record<string, string[]> = TEST_HOSTS): HostResolver {
  return async (host) => {
    const addresses = table[host.toLowerCase()];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
}
