// Issue 20, finding 5, in the sandbox: keys named __proto__, constructor and prototype are refused with
// a 400 `{ errors: [...] }` that says where, on every JSON route, in the words the console uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_MESSAGES } from '../../src/contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';

describe('prototype keys in sandbox bodies', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('are a 400 naming where, and change nothing', async () => {
    for (const [method, path, body, at] of [
      [
        'POST',
        '/content/course/create',
        '{"courseAttributes":[{"title":"x","kind":"courseGroup","__proto__":{"status":"published"}}]}',
        'courseAttributes[0].__proto__',
      ],
      ['POST', '/content/course/create', '{"constructor":{"prototype":{}}}', 'constructor'],
      [
        'PUT',
        '/content/course/update',
        '{"courseAttributes":{"courses":[{"id":"x","prototype":1}]}}',
        'courseAttributes.courses[0].prototype',
      ],
    ] as const) {
      const response = await sandbox.api(method, path, body);
      expect(response.status, body).toBe(400);
      expect(response.body).toEqual({ errors: [WRITE_MESSAGES.prototypeKey(at)] });
    }
    const groups = sandbox.sandbox.db.prepare('SELECT COUNT(*) FROM course_groups').pluck().get();
    expect(groups).toBe(0);
  });
});
