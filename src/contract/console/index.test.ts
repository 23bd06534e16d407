import { describe, expect, it } from 'vitest';
import { fillPath, isStream, pathParams } from './endpoint.ts';
import { CONSOLE_ENDPOINTS } from './index.ts';

describe('the console API contract', () => {
  it('names every endpoint once, by operation and by method and path', () => {
    const operations = CONSOLE_ENDPOINTS.map((endpoint) => endpoint.operationId);
    const routes = CONSOLE_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(operations).size).toBe(operations.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares each path parameter as a param, and gives a state-changing call no stream', () => {
    for (const endpoint of CONSOLE_ENDPOINTS) {
      expect(Object.keys(endpoint.params?.shape ?? {}), endpoint.operationId).toEqual(
        pathParams(endpoint.path),
      );
      if (endpoint.method !== 'GET') expect(isStream(endpoint.response)).toBe(false);
    }
  });

  it('fills path parameters percent-encoded', () => {
    expect(fillPath('/api/roles/{email}', { email: 'a+b/c@x.test' })).toBe(
      '/api/roles/a%2Bb%2Fc%40x.test',
    );
    expect(() => fillPath('/api/roles/{email}', {})).toThrow(
      '/api/roles/{email}: no value for {email}',
    );
  });
});

describe('the generated console OpenAPI document', () => {
  it('has one operation per endpoint, and every $ref names a component', async () => {
    const { buildConsoleOpenApiDocument } = await import('./document.ts');
    const doc = buildConsoleOpenApiDocument() as {
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    for (const endpoint of CONSOLE_ENDPOINTS)
      expect(doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(
        endpoint.operationId,
      );
    expect(JSON.stringify(doc)).not.toContain('"#/$defs/');
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs)
      expect(
        doc.components.schemas[ref.slice('"#/components/schemas/'.length, -1)],
        ref,
      ).toBeDefined();
  });
});
