import { describe, expect, it } from 'vitest';
import { READ_MESSAGES } from '#contract/messages.ts';
import { buildXliff } from '#contract/xliff.ts';
import { previewTranslation, unitIdsOf } from './translation-preview.ts';

const source = buildXliff({
  original: 'courses/c1',
  sourceLanguage: 'en',
  units: [
    { id: 'title', source: 'Intro to SQL', note: 'Course title' },
    { id: 'description', source: 'Learn <b>SQL</b>', note: 'Course description' },
    { id: 'topic.t1.title', source: 'Select', note: 'Topic title' },
  ],
});
const item = { original: 'courses/c1', unitIds: unitIdsOf(source) };

describe('translation preview', () => {
  it('counts translated and untranslated units and shows the first pairs', () => {
    const translated = buildXliff({
      original: 'courses/c1',
      sourceLanguage: 'en',
      targetLanguage: 'fr',
      units: [
        { id: 'title', source: 'Intro to SQL', note: 'Course title', target: 'Initiation à SQL' },
        {
          id: 'description',
          source: 'Learn <b>SQL</b>',
          note: 'Course description',
          target: 'Apprendre <b>SQL</b>',
        },
        { id: 'topic.t1.title', source: 'Select', note: 'Topic title' },
      ],
    });
    expect(previewTranslation(translated, item)).toEqual({
      issue: null,
      file: expect.objectContaining({ targetLanguage: 'fr', original: 'courses/c1' }),
      translated: 2,
      untranslated: 1,
      samples: [
        { id: 'title', source: 'Intro to SQL', target: 'Initiation à SQL', note: 'Course title' },
        {
          id: 'description',
          source: 'Learn <b>SQL</b>',
          target: 'Apprendre <b>SQL</b>',
          note: 'Course description',
        },
      ],
    });
  });

  it('refuses a malformed file with the parser’s reason', () => {
    const preview = previewTranslation('<xliff version="1.2"><file></xliff>', item);
    expect(preview.issue).toMatch(/^This is not an XLIFF 1\.2 file: Expected closing tag 'file'/);
    expect(preview.file).toBeNull();
  });

  it('refuses files the API would refuse, with the API’s own message', () => {
    // The downloaded file itself: no target language, nothing translated.
    expect(previewTranslation(source, item).issue).toBe(READ_MESSAGES.xliffTargetLanguageRequired);
    const otherItem = source
      .replace('courses/c1', 'courses/c2')
      .replace('datatype', 'target-language="de" datatype');
    expect(previewTranslation(otherItem, item).issue).toBe(
      READ_MESSAGES.xliffOriginalMismatch('courses/c1'),
    );
    const unknown = buildXliff({
      original: 'courses/c1',
      sourceLanguage: 'en',
      targetLanguage: 'de',
      units: [{ id: 'section.s9.title', source: 'x', note: 'n', target: 'y' }],
    });
    expect(previewTranslation(unknown, item).issue).toBe(
      READ_MESSAGES.xliffUnknownUnits(['section.s9.title']),
    );
  });
});
