import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ASSET_TYPE,
  isFieldAllowedForType,
  TOPIC_TYPES,
  topicFieldsFor,
  type TopicRecord,
} from '#contract/index.ts';
import { topicFieldsFromRecord } from './baseline.ts';

/** What topicFieldsFromRecord answered before it was made faster: the rule, written plainly. */
function expectedFields(record: Record<string, unknown>, type: string): Record<string, unknown> {
  const empty = (v: unknown) =>
    v === null ||
    v === undefined ||
    v === '' ||
    v === false ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);
  return Object.fromEntries(
    Object.entries(record).filter(
      ([key, value]) =>
        key !== 'title' &&
        key !== 'type' &&
        isFieldAllowedForType(type as TopicRecord['type'], key) &&
        !(key === 'assetType' && value === DEFAULT_ASSET_TYPE) &&
        !empty(value),
    ),
  );
}

const allFields = [...new Set(TOPIC_TYPES.flatMap((type) => topicFieldsFor(type)))];
const value = fc.oneof(
  fc.constantFrom(null, undefined, '', false, true, 0, [], {}, DEFAULT_ASSET_TYPE),
  fc.string(),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string(), { maxKeys: 2 }),
);

describe('topicFieldsFromRecord', () => {
  it("keeps exactly the non-empty fields the topic's type carries, in the record's order", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TOPIC_TYPES),
        fc.dictionary(fc.constantFrom(...allFields, 'id', 'unknownField'), value),
        (type, fields) => {
          const record = { ...fields, id: 'topic-1', title: 'A topic', type };
          const got = topicFieldsFromRecord(record as unknown as TopicRecord);
          const want = expectedFields(record, type);
          expect(got).toEqual(want);
          expect(Object.keys(got)).toEqual(Object.keys(want));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves out the default video provider, empty values and the fields of other types', () => {
    const record = {
      id: 'topic-1',
      title: 'A video',
      type: 'video',
      videoUrl: 'https://video.invalid/1.mp4',
      assetType: DEFAULT_ASSET_TYPE,
      caption: '',
      preventProgression: false,
      searchDisabled: true,
      body: '<p>Not a video field</p>',
      languages: [],
    } as unknown as TopicRecord;
    expect(topicFieldsFromRecord(record)).toEqual({
      videoUrl: 'https://video.invalid/1.mp4',
      searchDisabled: true,
    });
  });
});
