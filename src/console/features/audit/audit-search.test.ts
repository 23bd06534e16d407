import { describe, expect, it } from 'vitest';
import { exportUrl } from './audit-api.ts';
import { AuditSearch } from './audit-search.ts';

describe('AuditSearch', () => {
  it('keeps valid filters, normalizing status case and times to ISO UTC', () => {
    expect(
      AuditSearch.parse({
        user: ' admin@lectern.test ',
        route: 'grantRole',
        status: '4XX',
        from: '2026-01-01T10:00:00+02:00',
        to: '2026-01-02T00:00:00.000Z',
      }),
    ).toEqual({
      user: 'admin@lectern.test',
      route: 'grantRole',
      status: '4xx',
      from: '2026-01-01T08:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    });
  });

  it('accepts a status the router parsed as a number', () => {
    expect(AuditSearch.parse({ status: 403 })).toEqual({ status: '403' });
  });

  it('drops each bad value on its own instead of failing', () => {
    expect(
      AuditSearch.parse({
        user: '   ',
        route: 'x'.repeat(501),
        status: '600',
        from: 'yesterday',
        to: '2026-13-45T00:00',
      }),
    ).toEqual({});
    expect(AuditSearch.parse({ status: '4x', route: 'signIn' })).toEqual({ route: 'signIn' });
  });
});

describe('exportUrl', () => {
  it('sends only the set filters and the format', () => {
    expect(exportUrl({ route: 'PUT /api/roles/:email', status: '2xx' }, 'ndjson')).toBe(
      '/api/audit/export?route=PUT+%2Fapi%2Froles%2F%3Aemail&status=2xx&format=ndjson',
    );
    expect(exportUrl({}, 'csv')).toBe('/api/audit/export?format=csv');
  });
});
