import { describe, expect, it } from 'vitest';
import { buildXliff, parseXliff } from './xliff.ts';

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
});
