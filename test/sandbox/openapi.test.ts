import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';

describe('OpenAPI document', () => {
  let s: TestSandbox;
  beforeAll(async () => {
    s = await startSandbox();
  });
  afterAll(() => s.close());

  it('is served without authentication and lists every endpoint of spec section 4', async () => {
    const res = await s.api('GET', '/openapi.json', undefined, null);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/content/course/create');
    expect(res.body.components.schemas.CourseAttributes.required).toEqual(['title', 'kind']);
  });
});
