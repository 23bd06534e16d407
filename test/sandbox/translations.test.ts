// XLIFF 1.2 download and upload (spec 4.4 `.xlf`): round trip, validation, isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { READ_MESSAGES } from '#contract/index.ts';
import { startSandbox, type TestSandbox } from '../helpers/sandbox.ts';
import { create, createCompany, structure } from './write-helpers.ts';

let s: TestSandbox;
let groupId: string;
let courseId: string;
let ids: { section: string; lesson: string; text: string; quiz: string };

const xml = (path: string, body: string, contentType = 'text/xml', key = s.secretKey) =>
  s.raw('PUT', `/incoming/v2${path}`, body, {
    'content-type': contentType,
    authorization: `Bearer ${key}`,
  });

const translationRows = () =>
  (s.sandbox.db.prepare('SELECT COUNT(*) AS n FROM translations').get() as { n: number }).n;

/** Fills every unit of a downloaded file with `[fr] <source>` (what a translation tool would do). */
function translate(file: string, language: string): string {
  return file
    .replace('datatype="html">', `target-language="${language}" datatype="html">`)
    .replace(
      /<source>([\s\S]*?)<\/source>/g,
      (_whole, source: string) => `<source>${source}</source>\n<target>[fr] ${source}</target>`,
    );
}

const unitsOf = (file: string) => {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'trans-unit',
  }).parse(file);
  return parsed.xliff.file.body['trans-unit'] as {
    '@_id': string;
    source: string;
    target?: string;
  }[];
};

beforeAll(async () => {
  s = await startSandbox();
  const created = await create(s, [
    {
      title: 'Cooking 101',
      kind: 'courseGroup',
      description: 'Knives & <b>heat</b>',
      sections: [
        {
          title: 'Basics',
          lessons: [
            {
              title: 'Knife skills',
              openType: 'open',
              topics: [
                { title: 'Hold the knife', type: 'text', body: '<p>Grip it "firmly" & safely</p>' },
                { title: 'Quiz time', type: 'quiz' },
              ],
            },
          ],
        },
      ],
    },
  ]);
  groupId = created.courseGroupIds[0]!;
  courseId = created.courseIds[0]!;
  const tree = await structure(s, courseId);
  const lesson = tree.sections[0].lessons[0];
  ids = {
    section: tree.sections[0].id,
    lesson: lesson.id,
    text: lesson.topics[0].id,
    quiz: lesson.topics[1].id,
  };
});
afterAll(() => s.close());

describe('GET /content/{type}/{id}.xlf', () => {
  it('lists the translatable units of a course as XLIFF 1.2', async () => {
    const res = await s.api('GET', `/content/courses/${courseId}.xlf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(res.text).toContain(
      '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
    );
    expect(res.text).toContain(
      `<file original="courses/${courseId}" source-language="en" datatype="html">`,
    );
    expect(unitsOf(res.text).map((u) => [u['@_id'], u.source])).toEqual([
      ['title', 'Cooking 101'],
      ['description', 'Knives & <b>heat</b>'],
      [`section.${ids.section}.title`, 'Basics'],
      [`lesson.${ids.lesson}.title`, 'Knife skills'],
      [`topic.${ids.text}.title`, 'Hold the knife'],
      [`topic.${ids.text}.body`, '<p>Grip it "firmly" & safely</p>'],
      [`topic.${ids.quiz}.title`, 'Quiz time'],
    ]);
    // HTML travels escaped, never as raw markup.
    expect(res.text).toContain('<source>Knives &amp; &lt;b&gt;heat&lt;/b&gt;</source>');
  });

  it('a course group has its title and description', async () => {
    const res = await s.api('GET', `/content/courseGroups/${groupId}.xlf`);
    expect(unitsOf(res.text).map((u) => u['@_id'])).toEqual(['title', 'description']);
  });

  it('rejects bad language codes, unknown items and types without items', async () => {
    const bad = await s.api('GET', `/content/courses/${courseId}.xlf?language=not_a_language`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: [`language: ${READ_MESSAGES.languageInvalid}`] });
    const unknown = await s.api('GET', `/content/courses/${groupId}.xlf`);
    expect(unknown.status).toBe(404);
    const bundle = await s.api('GET', `/content/bundles/${groupId}.xlf`);
    expect(bundle.status).toBe(404);
  });
});

describe('PUT /content/{type}/{id}.xlf', () => {
  it('round trip: upload the translated file, download it again with ?language=', async () => {
    const original = (await s.api('GET', `/content/courses/${courseId}.xlf`)).text;
    const res = await xml(`/content/courses/${courseId}.xlf`, translate(original, 'fr'));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: courseId,
      updatedFields: [
        'title',
        'description',
        `section.${ids.section}.title`,
        `lesson.${ids.lesson}.title`,
        `topic.${ids.text}.title`,
        `topic.${ids.text}.body`,
        `topic.${ids.quiz}.title`,
      ],
    });
    const fr = await s.api('GET', `/content/courses/${courseId}.xlf?language=fr`);
    expect(fr.text).toContain('target-language="fr"');
    const units = unitsOf(fr.text);
    expect(units.find((u) => u['@_id'] === `topic.${ids.text}.body`)?.target).toBe(
      '[fr] <p>Grip it "firmly" & safely</p>',
    );
    expect(units.every((u) => u.target === `[fr] ${u.source}`)).toBe(true);
    // Other languages stay untranslated; the source text is untouched.
    const de = await s.api('GET', `/content/courses/${courseId}.xlf?language=de`);
    expect(unitsOf(de.text).every((u) => u.target === undefined)).toBe(true);
    expect((await s.api('GET', `/courseGroups/${groupId}`)).body.title).toBe('Cooking 101');
  });

  it('a later upload merges: only the units it carries change', async () => {
    const file = `<?xml version="1.0"?>
<xliff version="1.2"><file original="courses/${courseId}" source-language="en" target-language="fr"><body>
  <group id="g"><trans-unit id="title"><source>Cooking 101</source><target state="translated">Cuisine <b>101</b></target></trans-unit></group>
  <trans-unit id="${`topic.${ids.quiz}.title`}"><source>Quiz time</source><target/></trans-unit>
</body></file></xliff>`;
    const res = await xml(
      `/content/courses/${courseId}.xlf`,
      file,
      'application/xml; charset=utf-8',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ id: courseId, updatedFields: ['title'] });
    const units = unitsOf(
      (await s.api('GET', `/content/courses/${courseId}.xlf?language=fr`)).text,
    );
    expect(units.find((u) => u['@_id'] === 'title')?.target).toBe('Cuisine <b>101</b>');
    expect(units.find((u) => u['@_id'] === 'description')?.target).toBe(
      '[fr] Knives & <b>heat</b>',
    );
  });

  it('rejects bad uploads with a clear message and stores nothing', async () => {
    const before = translationRows();
    const path = `/content/courseGroups/${groupId}.xlf`;
    const unit = (id: string) =>
      `<trans-unit id="${id}"><source>x</source><target>y</target></trans-unit>`;
    const file = (attributes: string, units: string) =>
      `<xliff version="1.2"><file ${attributes}><body>${units}</body></file></xliff>`;
    const cases: [string, string, string | undefined, number][] = [
      [
        file('target-language="fr"', unit('title')),
        READ_MESSAGES.xliffContentType('application/json'),
        'application/json',
        415,
      ],
      [
        file('target-language="fr"', unit('title')),
        READ_MESSAGES.xliffContentType('text/plain'),
        'text/plain',
        415,
      ],
      ['<xliff><file>', READ_MESSAGES.xliffMalformed, undefined, 400],
      ['<html><body/></html>', READ_MESSAGES.xliffMalformed, undefined, 400],
      [
        file('source-language="en"', unit('title')),
        READ_MESSAGES.xliffTargetLanguageRequired,
        undefined,
        400,
      ],
      [file('target-language="f r"', unit('title')), READ_MESSAGES.languageInvalid, undefined, 400],
      [
        file(`original="courses/${courseId}" target-language="fr"`, unit('title')),
        READ_MESSAGES.xliffOriginalMismatch(`courseGroups/${groupId}`),
        undefined,
        400,
      ],
      [
        file('target-language="fr"', unit('title') + unit('topic.nope.title') + unit('meta')),
        READ_MESSAGES.xliffUnknownUnits(['topic.nope.title', 'meta']),
        undefined,
        400,
      ],
      [
        file('target-language="fr"', '<trans-unit id="title"><source>x</source></trans-unit>'),
        READ_MESSAGES.xliffNoUnits,
        undefined,
        400,
      ],
    ];
    for (const [body, message, contentType, status] of cases) {
      const res = await xml(path, body, contentType);
      expect(res.status, message).toBe(status);
      expect(res.body).toEqual({ errors: [message] });
    }
    expect(translationRows()).toBe(before);
  });

  it("needs courses.edit, and another company's items are 404", async () => {
    const body = `<xliff version="1.2"><file target-language="fr"><body><trans-unit id="title"><source>x</source><target>y</target></trans-unit></body></file></xliff>`;
    const keyRes = await s.raw(
      'POST',
      '/sandbox/keys',
      { permissions: ['courses.new'] },
      { authorization: `Bearer ${s.secretKey}` },
    );
    const denied = await xml(
      `/content/courseGroups/${groupId}.xlf`,
      body,
      'text/xml',
      keyRes.body.key,
    );
    expect(denied.status).toBe(401);
    const other = await createCompany(s, 'Translation Rival');
    const foreign = await xml(
      `/content/courseGroups/${groupId}.xlf`,
      body,
      'text/xml',
      other.secretKey,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ errors: [READ_MESSAGES.notFound('Course group', groupId)] });
  });
});
