import { describe, expect, it } from 'vitest';
import { TOPIC_TYPES } from '#contract/enums.ts';
import { TOPIC_FAMILIES } from './topic-family.ts';

describe('TOPIC_FAMILIES', () => {
  it('puts every topic type of the API in a family', () => {
    expect(TOPIC_TYPES.filter((type) => TOPIC_FAMILIES[type] === undefined)).toEqual([]);
  });

  it('tells reading, media, assessment, packages and gatherings apart', () => {
    expect(
      (['text', 'video', 'quiz', 'shareableContentObject', 'inPersonEvent'] as const).map(
        (type) => TOPIC_FAMILIES[type],
      ),
    ).toEqual(['reading', 'media', 'assessment', 'package', 'event']);
  });
});
