// The URL checks without zod behave as the zod schemas they replaced (url-search.ts): the same values
// kept, normalized the same way, and the same refused.
import { describe, expect, it } from 'vitest';
import { z } from '#contract/zod.ts';
import {
  bool,
  isoTime,
  numberIn,
  oneOf,
  positiveInt,
  urlSearch,
  urlString,
  urlText,
  UUID,
  uuid,
  type UrlValue,
} from './url-search.ts';

const SAMPLES: unknown[] = [
  '',
  ' ',
  'a',
  '  Ada  ',
  'x'.repeat(200),
  'x'.repeat(201),
  ` ${'x'.repeat(200)} `,
  0,
  1,
  3,
  1.5,
  -2,
  50,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  true,
  false,
  null,
  {},
  ['a'],
  '7',
  '1e3',
  '2024-05-01T10:00:00+02:00',
  '2024-05-01T08:00:00Z',
  '2024-05-01',
  '2024-13-01T08:00:00Z',
  'yesterday',
  '0b5e6f1c-3d0a-4b8e-9f2a-1c2d3e4f5a6b',
  '0B5E6F1C-3D0A-4B8E-9F2A-1C2D3E4F5A6B',
  '0b5e6f1c-3d0a-0b8e-9f2a-1c2d3e4f5a6b',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  'history',
  'webinar',
  'Webinar',
];

/** What a zod schema, lenient as the routes' were (`.optional().catch(undefined)`), keeps of a value. */
const viaZod = (schema: z.ZodMiniType) => (value: unknown) =>
  z.catch(z.optional(schema), undefined).parse(value) as unknown;

function expectSame(check: UrlValue<unknown>, schema: z.ZodMiniType) {
  for (const value of SAMPLES)
    expect([value, check(value)]).toEqual([value, viaZod(schema)(value)]);
}

const zodText = (max: number, types: [z.ZodMiniType, z.ZodMiniType, ...z.ZodMiniType[]]) =>
  z.pipe(
    z.pipe(
      z.union(types),
      z.transform((value) => String(value).trim()),
    ),
    z.string().check(z.minLength(1), z.maxLength(max)),
  );

describe('URL value checks match the zod schemas they replaced', () => {
  it('text: strings, numbers and booleans as trimmed text of 1 to max characters', () => {
    expectSame(urlText(200), zodText(200, [z.string(), z.number(), z.boolean()]));
    expectSame(urlText(3, { booleans: false }), zodText(3, [z.string(), z.number()]));
  });

  it('strings with bounds, trimmed or not', () => {
    expectSame(urlString({ trim: true, max: 200 }), z.string().check(z.trim(), z.maxLength(200)));
    expectSame(urlString({ min: 1, max: 200 }), z.string().check(z.minLength(1), z.maxLength(200)));
  });

  it('ISO times, normalized to UTC', () => {
    expectSame(
      isoTime,
      z.pipe(
        z
          .string()
          .check(
            z.refine(
              (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
            ),
          ),
        z.transform((value) => new Date(value).toISOString()),
      ),
    );
    expect(isoTime('2024-05-01T10:00:00+02:00')).toBe('2024-05-01T08:00:00.000Z');
  });

  it('UUIDs, choices, booleans, page sizes and whole numbers', () => {
    expect(UUID.source).toBe(z.regexes.uuid().source);
    expectSame(uuid, z.uuid());
    expect(uuid('0b5e6f1c-3d0a-4b8e-9f2a-1c2d3e4f5a6b')).toBe(
      '0b5e6f1c-3d0a-4b8e-9f2a-1c2d3e4f5a6b',
    );
    expect(uuid('not-a-uuid')).toBeUndefined();
    expectSame(oneOf(['history', 'webinar']), z.enum(['history', 'webinar']));
    expectSame(bool, z.boolean());
    expectSame(
      numberIn([1, 3, 50]),
      z.number().check(z.refine((value) => [1, 3, 50].includes(value))),
    );
    expectSame(positiveInt, z.coerce.number().check(z.int(), z.gte(1)));
  });
});

describe('urlSearch', () => {
  it("keeps the shape's acceptable values, and sets the refused ones to undefined as zod did", () => {
    const shape = { view: oneOf(['history']), activeOnly: bool, q: urlText(10) };
    const zodSearch = z.object({
      view: z.catch(z.optional(z.enum(['history'])), undefined),
      activeOnly: z.catch(z.optional(z.boolean()), undefined),
      q: z.catch(z.optional(zodText(10, [z.string(), z.number(), z.boolean()])), undefined),
    });
    const raw = { view: 'history', activeOnly: 'yes', q: 12, other: 'x' };
    // Present and refused: there as undefined, so that the router's raw value does not show through.
    expect(urlSearch(shape).parse(raw)).toStrictEqual({
      view: 'history',
      activeOnly: undefined,
      q: '12',
    });
    expect(urlSearch(shape).parse(raw)).toStrictEqual(zodSearch.parse(raw));
    expect(urlSearch(shape).parse({})).toStrictEqual({});
    expect(urlSearch(shape).parse({})).toStrictEqual(zodSearch.parse({}));
  });
});
