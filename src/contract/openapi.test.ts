import { describe, expect, it } from 'vitest';
// Through the index, as every user of the contract imports it: the document lists every registered schema.
import { ENDPOINTS, buildOpenApiDocument } from './index.ts';

const doc = buildOpenApiDocument() as {
  paths: Record<string, Record<string, { operationId: string }>>;
  components: { schemas: Record<string, unknown> };
};

function collectRefs(value: unknown, refs: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => collectRefs(v, refs));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') refs.add(v);
      else collectRefs(v, refs);
    }
  return refs;
}

describe('generated OpenAPI document', () => {
  it('has one operation per contract endpoint, with its operationId', () => {
    for (const endpoint of ENDPOINTS) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, `${endpoint.method} ${endpoint.path}`).toBe(
        endpoint.operationId,
      );
    }
  });

  it('resolves every $ref to a component schema', () => {
    const refs = collectRefs(doc, new Set());
    expect(refs.size).toBeGreaterThan(10);
    for (const ref of refs) {
      const name = ref.replace('#/components/schemas/', '');
      expect(doc.components.schemas[name], ref).toBeDefined();
    }
  });

  it('documents the create payload with the spec field names', () => {
    const attributes = doc.components.schemas.CourseAttributes as {
      properties: Record<string, unknown>;
    };
    for (const field of ['title', 'kind', 'futurePublishDate', 'sessionCustomFields', 'videoAsset'])
      expect(Object.keys(attributes.properties)).toContain(field);
  });
});
