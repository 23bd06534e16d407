// What an attack pass found in the sandbox: hostile JSON values in the create rules (`toString: null`),
// JSON nested deeper than the contract's limit, the request body limit (a 413 that leaves the connection
// usable) and credentials in logged URLs. Each is a 400 (or 413) with a clear message, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, WRITE_MESSAGES } from '#contract/index.ts';
import { RawConnection } from '../helpers/raw-http.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { expectNoChange } from './write-helpers.ts';

/** `{"a":{"a":…{"a":leaf}…}}` with `levels` objects. */
const nestedObject = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** The same as JSON text, built without recursion (JSON.stringify overflows on such values). */
const nestedText = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

const HOSTILE = { toString: null };
const LIMIT = 256 * 1024;

describe('sandbox hardening', () => {
  let s: TestSandbox;
  const logs: string[] = [];
  beforeAll(async () => {
    s = await startSandbox({
      logLevel: 'info',
      maxBodyBytes: LIMIT,
      logDestination: { write: (line: string) => void logs.push(line) },
    });
  });
  afterAll(() => s.close());

  const create = (body: unknown) =>
    expectNoChange(s, () => s.api('POST', '/content/course/create', body));

  describe('hostile values in the create rules', () => {
    it('a kind whose toString is null is an invalid kind, named [object Object]', async () => {
      const res = await create({ courseAttributes: [{ title: 'x', kind: HOSTILE }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [MESSAGES.invalidKinds(['[object Object] (index 0)'])] });
    });

    it('a kind that is an array of hostile objects is an invalid kind', async () => {
      const res = await create({ courseAttributes: [{ title: 'x', kind: [HOSTILE, 'a'] }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [MESSAGES.invalidKinds(['[object Object],a (index 0)'])],
      });
    });

    it('a status whose toString is null is an invalid status', async () => {
      const res = await create({
        courseAttributes: [{ title: 'x', kind: 'courseGroup', status: HOSTILE }],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [MESSAGES.invalidStatus('[object Object]')] });
    });

    it('a hostile topic type next to audioUrl is the plain-text pre-check', async () => {
      const res = await create({
        courseAttributes: [
          {
            title: 'x',
            kind: 'microCourse',
            topics: [{ title: 't', type: HOSTILE, audioUrl: 'https://cdn.test/a.mp3' }],
          },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.text).toBe(
        MESSAGES.audioUrlOnNonAudio('[object Object]', { course: 0, topic: 0 }),
      );
    });

    it('a hostile topic type next to videoUrl names the type as [object Object]', async () => {
      const res = await create({
        courseAttributes: [
          {
            title: 'x',
            kind: 'microCourse',
            topics: [{ title: 't', type: HOSTILE, videoUrl: 'https://cdn.test/v.mp4' }],
          },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [MESSAGES.videoFieldsOnNonVideo('[object Object]')] });
    });
  });

  describe('objects with an unreadable length (zod runs length checks after a type error)', () => {
    const UNREADABLE = { length: { toString: null } };

    it('a create field is a 400 at its path', async () => {
      const res = await create({
        courseAttributes: [{ title: 'x', kind: 'courseGroup', sku: UNREADABLE }],
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [`sku: ${WRITE_MESSAGES.unreadableValue}`] });
    });

    it('a body parsed by a route definition is a 400 at its path', async () => {
      const res = await s.api('POST', '/content/bulkUpdatePrices', { items: UNREADABLE });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [`items: ${WRITE_MESSAGES.unreadableValue}`] });
    });
  });

  describe(`JSON nested deeper than ${LIMITS.jsonDepth} levels`, () => {
    it('sessionCustomFields nested 5,000 levels deep is a 400 that names the limit and the place', async () => {
      const res = await expectNoChange(s, () =>
        s.api(
          'POST',
          '/content/course/create',
          `{"courseAttributes":[{"title":"x","kind":"courseGroup","sessionCustomFields":${nestedText(5000)}}]}`,
        ),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [WRITE_MESSAGES.jsonTooDeep('courseAttributes[0].sessionCustomFields.a.a…')],
      });
    });

    it('update customFields nested 5,000 levels deep is a 400', async () => {
      const res = await s.api(
        'PUT',
        '/content/course/update',
        `{"courseAttributes":{"courses":[{"id":"00000000-0000-4000-8000-000000000000","customFields":${nestedText(5000)}}]}}`,
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [WRITE_MESSAGES.jsonTooDeep('courseAttributes.courses[0].customFields.a…')],
      });
    });

    it('a body of 200,000 nested brackets is a 400', async () => {
      const res = await s.raw(
        'POST',
        '/incoming/v2/content/course/create',
        '['.repeat(100_000) + ']'.repeat(100_000),
        {
          authorization: `Bearer ${s.secretKey}`,
          'content-type': 'application/json',
        },
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [WRITE_MESSAGES.jsonTooDeep('[0][0][0][0][0]…')] });
    });

    it(`exactly ${LIMITS.jsonDepth} levels are accepted; one more is refused`, async () => {
      // The body, courseAttributes and the course are three of the levels.
      const atLimit = nestedObject(LIMITS.jsonDepth - 3);
      const ok = await s.api('POST', '/content/course/create', {
        courseAttributes: [
          { title: 'Deep enough', kind: 'courseGroup', sessionCustomFields: atLimit },
        ],
      });
      expect(ok.status).toBe(200);
      const over = await create({
        courseAttributes: [
          { title: 'Too deep', kind: 'courseGroup', sessionCustomFields: { b: atLimit } },
        ],
      });
      expect(over.status).toBe(400);
      expect(over.body).toEqual({
        errors: [WRITE_MESSAGES.jsonTooDeep('courseAttributes[0].sessionCustomFields.b.a…')],
      });
    });

    it('GraphQL variables nested too deeply are a GraphQL 400', async () => {
      const res = await s.raw(`POST`, `/graphql?apiKey=${s.secretKey}`, {
        query: '{ CurrentUser { id } }',
        variables: nestedObject(200),
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        errors: [
          {
            message: WRITE_MESSAGES.jsonTooDeep('variables.a.a.a.a…'),
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
    });
  });

  describe('request body limit', () => {
    it('answers 413 with the limit and keeps the connection usable (the body is drained)', async () => {
      const connection = await RawConnection.open(s.baseUrl);
      try {
        const body = JSON.stringify({
          courseAttributes: [{ title: 'x'.repeat(4 * LIMIT), kind: 'courseGroup' }],
        });
        const headers = {
          authorization: `Bearer ${s.secretKey}`,
          'content-type': 'application/json',
        };
        await connection.send('POST /incoming/v2/content/course/create HTTP/1.1', headers, body);
        const first = await connection.read(5000);
        expect(first?.status).toBe(413);
        expect(JSON.parse(first!.body)).toEqual({
          errors: [WRITE_MESSAGES.bodyTooLarge(LIMIT)],
        });
        await connection.send('GET /incoming/v2/tags HTTP/1.1', headers);
        const second = await connection.read(2000);
        expect(second?.status).toBe(200);
      } finally {
        connection.destroy();
      }
    });
  });

  describe('logs', () => {
    it('redacts apiKey, secretKey and jwt in every logged URL', async () => {
      logs.length = 0;
      await s.raw('POST', `/graphql?apiKey=${s.secretKey}&x=1`, {
        query: '{ CurrentUser { id } }',
      });
      await s.raw('GET', '/incoming/v2/tags?secretKey=sk_guess_0123456789&perPage=1');
      await s.raw('GET', '/incoming/v2/tags?jwt=eyJhbGciOi.payload.sig');
      await s.raw('GET', '/incoming/v2/tags?secret%4Bey=sk_encoded_name_0123');
      const text = logs.join('');
      expect(text).toContain('/graphql?apiKey=[REDACTED]&x=1');
      expect(text).toContain('/incoming/v2/tags?secretKey=[REDACTED]&perPage=1');
      expect(text).toContain('/incoming/v2/tags?jwt=[REDACTED]');
      for (const secret of [
        s.secretKey,
        'sk_guess_0123456789',
        'eyJhbGciOi',
        'sk_encoded_name_0123',
      ])
        expect(text).not.toContain(secret);
    });
  });
});
