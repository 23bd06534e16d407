import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { READ_MESSAGES } from '#contract/index.ts';
import { CursorCodec } from './cursor.ts';
import { ValidationError } from './errors.ts';

const codec = new CursorCodec(Buffer.from('0123456789abcdef0123456789abcdef'));
const errorsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  return [];
};

describe('CursorCodec', () => {
  it('round-trips any key of strings, numbers and nulls', () => {
    const part = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.string(), fc.array(part, { minLength: 1, maxLength: 6 }), (scope, key) => {
        expect(codec.decode(scope, codec.encode(scope, key))).toEqual(key);
      }),
    );
  });

  it('is opaque: base64url characters and one dot', () => {
    expect(codec.encode('courseGroups|c1', [42])).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  });

  it('refuses another scope, another secret, and any edit', () => {
    const cursor = codec.encode('list-a', [7]);
    expect(errorsOf(() => codec.decode('list-b', cursor))).toEqual([
      READ_MESSAGES.cursorFiltersChanged,
    ]);
    const stranger = new CursorCodec(Buffer.from('another secret of thirty-two bytes'));
    expect(errorsOf(() => stranger.decode('list-a', cursor))).toEqual([
      READ_MESSAGES.invalidCursor,
    ]);
    const flipped = cursor.slice(0, 3) + (cursor[3] === 'A' ? 'B' : 'A') + cursor.slice(4);
    for (const bad of [flipped, '', '.', cursor.split('.')[0]!, `${cursor}.`, 'a.b'])
      expect(
        errorsOf(() => codec.decode('list-a', bad)),
        bad,
      ).toEqual([READ_MESSAGES.invalidCursor]);
  });
});
