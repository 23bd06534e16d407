import { describe, expect, it } from 'vitest';
import { READ_MESSAGES } from './messages.ts';
import { buildXliff, parseXliff, readXliff, xliffUploadIssue } from './xliff.ts';

describe('XLIFF 1.2', () => {
  it('what buildXliff writes, parseXliff reads back, markup and entities intact', () => {
    const tricky = `<p class="x">Tom & Jerry's "show" &amp; <b>more</b> — ünïcødé</p>`;
    const file = buildXliff({
      original: 'courses/1',
      sourceLanguage: 'en',
      targetLanguage: 'fr',
      units: [
        { id: 'title', source: 'Hello', note: 'Title', target: 'Bonjour' },
        { id: 'body', source: tricky, note: 'Body', target: tricky },
        { id: 'untranslated', source: 'x', note: 'n' },
      ],
    });
    expect(parseXliff(file)).toEqual({
      original: 'courses/1',
      targetLanguage: 'fr',
      unitIds: ['title', 'body', 'untranslated'],
      targets: [
        { id: 'title', target: 'Bonjour' },
        { id: 'body', target: tricky },
      ],
    });
  });

  it('accepts raw inline markup, CDATA, numeric entities and units inside groups', () => {
    const parsed = parseXliff(`<xliff version="1.2"><file target-language="de"><body>
      <group><group><trans-unit id="a"><source>s</source><target>Fett: <b>ja</b> &#8364;&#x21;</target></trans-unit></group></group>
      <trans-unit id="b"><source>s</source><target><![CDATA[<i>1 < 2</i>]]> &amp; mehr</target></trans-unit>
    </body></file></xliff>`);
    expect(parsed?.targets).toEqual([
      { id: 'b', target: '<i>1 < 2</i> & mehr' },
      { id: 'a', target: 'Fett: <b>ja</b> €!' },
    ]);
  });

  it('returns undefined for text that is not XLIFF', () => {
    for (const text of ['', 'hello', '<a><b></a>', '<html/>', '<xliff version="1.2"/>'])
      expect(parseXliff(text), text).toBeUndefined();
  });

  it('readXliff gives every unit with its source, target and note for a preview', () => {
    const file = buildXliff({
      original: 'learningPaths/7',
      sourceLanguage: 'en',
      targetLanguage: 'de',
      units: [
        { id: 'title', source: 'Paths & <b>ways</b>', note: 'Title', target: 'Wege' },
        { id: 'description', source: 'Long text', note: 'Description' },
      ],
    });
    expect(readXliff(file)).toEqual({
      ok: true,
      file: {
        original: 'learningPaths/7',
        sourceLanguage: 'en',
        targetLanguage: 'de',
        unitIds: ['title', 'description'],
        targets: [{ id: 'title', target: 'Wege' }],
        units: [
          { id: 'title', source: 'Paths & <b>ways</b>', target: 'Wege', note: 'Title' },
          { id: 'description', source: 'Long text', target: null, note: 'Description' },
        ],
      },
    });
  });

  it('readXliff says why a file is not XLIFF, with the line and column of an XML fault', () => {
    expect(readXliff('<xliff version="1.2">\n<file><body></file></xliff>')).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Expected closing tag 'body' .*\(line 2, column \d+\)$/),
    });
    expect(readXliff('<html/>')).toEqual({ ok: false, reason: 'The root element is not <xliff>' });
    expect(readXliff('<xliff version="1.2"><body/></xliff>')).toEqual({
      ok: false,
      reason: '<xliff> has no <file> element',
    });
  });

  it('xliffUploadIssue applies the upload rules in the order the API checks them', () => {
    const known = new Set(['title', 'description']);
    const file = (overrides: Partial<Parameters<typeof xliffUploadIssue>[0]>) => ({
      original: 'courses/1',
      targetLanguage: 'fr',
      unitIds: ['title'],
      targets: [{ id: 'title', target: 'Titre' }],
      ...overrides,
    });
    expect(xliffUploadIssue(file({}), 'courses/1', known)).toBeNull();
    expect(xliffUploadIssue(file({ original: undefined }), 'courses/1', known)).toBeNull();
    expect(xliffUploadIssue(file({ targetLanguage: undefined }), 'courses/1', known)).toBe(
      READ_MESSAGES.xliffTargetLanguageRequired,
    );
    expect(xliffUploadIssue(file({ targetLanguage: 'french!' }), 'courses/1', known)).toBe(
      READ_MESSAGES.languageInvalid,
    );
    expect(xliffUploadIssue(file({ original: 'courses/2' }), 'courses/1', known)).toBe(
      READ_MESSAGES.xliffOriginalMismatch('courses/1'),
    );
    expect(xliffUploadIssue(file({ unitIds: ['title', 'x', 'x', 'y'] }), 'courses/1', known)).toBe(
      READ_MESSAGES.xliffUnknownUnits(['x', 'y']),
    );
    expect(xliffUploadIssue(file({ targets: [] }), 'courses/1', known)).toBe(
      READ_MESSAGES.xliffNoUnits,
    );
  });
});
