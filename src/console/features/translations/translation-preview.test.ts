import { describe, expect, it } from 'vitest';
import { READ_MESSAGES } from '#contract/messages.ts';
import { buildXliff } from '#contract/xliff.ts';
import { hiddenUnitIds } from '../../lib/hidden-sections.ts';
import {
  previewTranslation,
  unitIdsOf,
  unitsOf,
  withoutHiddenUnits,
} from './translation-preview.ts';

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
      hidden: 0,
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

  it('reads a stored file unit by unit, and none from one it cannot read', () => {
    expect(unitsOf(source).map((unit) => [unit.id, unit.target])).toEqual([
      ['title', null],
      ['description', null],
      ['topic.t1.title', null],
    ]);
    expect(unitsOf('<xliff version="1.2"><file></xliff>')).toEqual([]);
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

  describe('the hidden "Unused" section', () => {
    const structure = {
      sections: [
        { id: 's1', releaseDate: null, lessons: [{ id: 'l1', topics: [{ id: 't1' }] }] },
        {
          id: 's2',
          releaseDate: '9999-12-31T00:00:00.000Z',
          lessons: [{ id: 'l2', topics: [{ id: 't2' }] }],
        },
      ],
    } as unknown as Parameters<typeof hiddenUnitIds>[0];
    const hidden = hiddenUnitIds(structure);
    const units = [
      { id: 'title', source: 'Intro', note: 'Course title' },
      { id: 'section.s1.title', source: 'Basics', note: 'Section title' },
      { id: 'topic.t1.title', source: 'Select', note: 'Topic title' },
      { id: 'section.s2.title', source: 'Unused', note: 'Section title' },
      { id: 'lesson.l2.title', source: 'Unused', note: 'Lesson title' },
      { id: 'topic.t2.title', source: 'Old draft', note: 'Topic title' },
      { id: 'topic.t2.body', source: '<p>Old</p>', note: 'Topic body (article)' },
    ];
    const file = buildXliff({ original: 'courses/c1', sourceLanguage: 'en', units });

    it('names the units of hidden sections', () => {
      expect([...hidden].sort()).toEqual([
        'lesson.l2.title',
        'section.s2.title',
        'topic.t2.body',
        'topic.t2.title',
      ]);
    });

    it('leaves them out of the file a translator downloads', () => {
      const stripped = withoutHiddenUnits(file, hidden);
      expect(stripped.left).toBe(4);
      expect(unitIdsOf(stripped.xml)).toEqual(
        new Set(['title', 'section.s1.title', 'topic.t1.title']),
      );
      expect(withoutHiddenUnits(file, new Set())).toEqual({ xml: file, left: 0 });
    });

    it('leaves them out of the preview counts, and says how many there are', () => {
      const translated = buildXliff({
        original: 'courses/c1',
        sourceLanguage: 'en',
        targetLanguage: 'fr',
        units: units.map((unit, n) => (n === 0 ? { ...unit, target: 'Intro (fr)' } : unit)),
      });
      const preview = previewTranslation(translated, {
        original: 'courses/c1',
        unitIds: unitIdsOf(file),
        hidden,
      });
      expect(preview).toMatchObject({ translated: 1, untranslated: 2, hidden: 4, issue: null });
    });
  });
});
