import { describe, expect, it } from 'vitest';
import type { CourseDraft, CourseGroupDraft } from '../draft/schema.ts';
import { sequentialIds } from '../ids.ts';
import { checkDraft, linkTarget } from './course-checks.ts';
import { linkFindings, type LinkOutcome } from './link-findings.ts';
import { nodeIdForItem } from './outline-items.ts';
import { assembleReport, draftWithSavedLinks } from './report.ts';

const catalog = {
  description: 'A course about tea.',
  asset: 'https://cdn.test/thumb.png',
  assetAltText: 'A cup of tea',
};

function course(sections: CourseGroupDraft['sections'], attributes = catalog): CourseGroupDraft {
  return {
    kind: 'courseGroup',
    clientId: 'c',
    attributes: { title: 'Tea', ...attributes },
    sections,
  };
}

const text = (clientId: string, title: string, body: string) =>
  ({ kind: 'topic', clientId, title, type: 'text', body }) as const;

describe('checkDraft', () => {
  it('checks an outline whose titles were cleared (not set) without failing', () => {
    const untitled = { ...text('t2', 'x', '<p>Two</p>'), title: undefined as unknown as string };
    const draft = course([
      {
        kind: 'section',
        clientId: 's1',
        title: undefined as unknown as string,
        lessons: [
          {
            kind: 'lesson',
            clientId: 'l1',
            title: 'Brewing',
            openType: 'open',
            topics: [text('t1', 'Water', '<p>One</p>'), untitled],
          },
        ],
      },
    ]);
    expect(checkDraft(draft).findings.map((f) => f.rule)).toEqual([]);
  });

  it('finds nothing in a sound course, and collects its URLs in course order', () => {
    const draft = course([
      {
        kind: 'section',
        clientId: 's1',
        title: 'Basics',
        lessons: [
          {
            kind: 'lesson',
            clientId: 'l1',
            title: 'Brewing',
            openType: 'open',
            topics: [
              text(
                't1',
                'Water',
                '<p>See <a href="https://tea.test/water#temp">the water guide</a>.</p>',
              ),
              {
                kind: 'topic',
                clientId: 't2',
                title: 'Watch',
                type: 'video',
                videoUrl: 'https://v.test/1.mp4',
              },
            ],
          },
        ],
      },
    ]);
    const { findings, links } = checkDraft(draft);
    expect(findings).toEqual([]);
    expect(links.map((link) => [link.url, link.item.id, link.field])).toEqual([
      ['https://cdn.test/thumb.png', 'c', 'asset'],
      ['https://tea.test/water', 't1', 'body'],
      ['https://v.test/1.mp4', 't2', 'videoUrl'],
    ]);
  });

  it('reports each rule of structure, accessibility and catalog once, at its item and place', () => {
    const draft = course(
      [
        { kind: 'section', clientId: 's1', title: 'Empty', lessons: [] },
        {
          kind: 'section',
          clientId: 's2',
          title: 'Full',
          lessons: [
            { kind: 'lesson', clientId: 'l1', title: 'Nothing here', openType: 'open', topics: [] },
            {
              kind: 'lesson',
              clientId: 'l2',
              title: 'Pages',
              openType: 'studentsOnly',
              topics: [
                text(
                  't1',
                  'Intro',
                  '<h2>A</h2><h4>B</h4><img src="https://i.test/a.png"><a href="https://x.test">click here</a>',
                ),
                text(
                  't2',
                  'intro ',
                  '<iframe src="https://e.test/1"></iframe><a href="/local">the local page</a>',
                ),
                {
                  kind: 'topic',
                  clientId: 't3',
                  title: 'Empty text',
                  type: 'text',
                  body: '<p>&nbsp;</p>',
                },
                { kind: 'topic', clientId: 't4', title: 'Quiz', type: 'quiz' },
              ],
            },
          ],
        },
      ],
      { description: '', asset: '', assetAltText: '' },
    );
    const { findings } = checkDraft(draft);
    expect(
      findings.map((f) => [f.rule, f.severity, f.item.id, f.item.place, f.field ?? '']),
    ).toEqual([
      ['descriptionEmpty', 'warning', 'c', 'Course', 'description'],
      ['noThumbnail', 'warning', 'c', 'Course', 'asset'],
      ['emptySection', 'warning', 's1', 'Section 1', ''],
      ['emptyLesson', 'warning', 'l1', 'Section 2, lesson 1', ''],
      ['duplicateTitle', 'warning', 't2', 'Section 2, lesson 2, topic 2', 'title'],
      ['headingSkipsLevel', 'warning', 't1', 'Section 2, lesson 2, topic 1', 'body'],
      ['imageWithoutAlt', 'error', 't1', 'Section 2, lesson 2, topic 1', 'body'],
      ['vagueLinkText', 'warning', 't1', 'Section 2, lesson 2, topic 1', 'body'],
      ['linkRelative', 'warning', 't2', 'Section 2, lesson 2, topic 2', 'body'],
      ['frameWithoutTitle', 'warning', 't2', 'Section 2, lesson 2, topic 2', 'body'],
      ['topicWithoutContent', 'error', 't3', 'Section 2, lesson 2, topic 3', 'body'],
      ['topicIsShell', 'note', 't4', 'Section 2, lesson 2, topic 4', ''],
    ]);
    const duplicate = findings.find((f) => f.rule === 'duplicateTitle')!;
    expect(duplicate.message).toBe(
      'Another topic in lesson “Pages” is also called “intro”: learners cannot tell them apart.',
    );
    expect(duplicate.alsoIn?.map((item) => item.id)).toEqual(['t1']);
    expect(findings.find((f) => f.rule === 'headingSkipsLevel')!.message).toBe(
      'A heading jumps from level 2 to level 4 (“B”): readers who move by headings miss a level.',
    );
    expect(new Set(findings.map((f) => f.key)).size).toBe(findings.length);
  });

  it('reports a course without topics, and the catalog rules', () => {
    const draft = course([{ kind: 'section', clientId: 's1', title: 'Only', lessons: [] }], {
      description: 'x'.repeat(5001),
      asset: 'https://cdn.test/t.png',
      assetAltText: ' ',
    });
    const { findings } = checkDraft({
      ...draft,
      attributes: { ...draft.attributes, detailAsset: 'https://cdn.test/d.png' },
    });
    expect(findings.map((f) => [f.rule, f.severity, f.field ?? '', f.message])).toEqual([
      [
        'descriptionTooLong',
        'error',
        'description',
        'The description has 5,001 characters; the limit is 5,000.',
      ],
      ['assetWithoutAlt', 'warning', 'assetAltText', 'The catalog thumbnail has no alt text.'],
      [
        'assetWithoutAlt',
        'warning',
        'detailAssetAltText',
        'The catalog detail image has no alt text.',
      ],
      [
        'courseWithoutTopics',
        'error',
        '',
        'The course has no topics: learners who enroll find nothing to open.',
      ],
      [
        'emptySection',
        'warning',
        '',
        'This section has no lessons: learners see a heading with nothing under it.',
      ],
    ]);
  });

  it('knows what each content-bearing topic type needs (spec 2.4)', () => {
    const ids = sequentialIds('t');
    const topic = (type: string, fields: Record<string, unknown> = {}) =>
      ({ kind: 'topic', clientId: ids(), title: `${type} ${ids()}`, type, ...fields }) as never;
    const draft: CourseDraft = {
      kind: 'microCourse',
      clientId: 'c',
      attributes: { title: 'All', ...catalog },
      topics: [
        topic('video'),
        topic('video', { videoAsset: '12345' }),
        topic('audio'),
        topic('shareableContentObject'),
        topic('xApiObject', { scormUrl: 'https://s.test/p.zip' }),
        topic('pdfViewer'),
        topic('embed', { body: '<p>no frame</p>' }),
        topic('embed', { body: '<iframe src="https://e.test" title="Map"></iframe>' }),
        topic('article', { languages: [{ language: 'fr', body: '<p>Bonjour</p>' }] }),
        topic('article'),
        topic('discussionBoard'),
      ],
    };
    const missing = checkDraft(draft)
      .findings.filter((f) => f.rule === 'topicWithoutContent')
      .map((f) => [f.item.place, f.field]);
    expect(missing).toEqual([
      ['Topic 1', 'videoUrl'],
      ['Topic 3', 'audioUrl'],
      ['Topic 4', 'scormUrl'],
      ['Topic 6', 'pdfUrl'],
      ['Topic 7', 'body'],
      ['Topic 10', 'body'],
    ]);
  });

  it('names saved items by their server ids, and finds their nodes back', () => {
    const draft = course([
      {
        kind: 'section',
        clientId: 's1',
        serverId: '00000000-0000-4000-8000-000000000001',
        title: 'Saved',
        lessons: [],
      },
    ]);
    const saved = {
      ...draft,
      serverIds: {
        courseGroupId: '00000000-0000-4000-8000-0000000000aa',
        courseId: '00000000-0000-4000-8000-0000000000bb',
      },
    };
    const findings = checkDraft(saved).findings;
    expect(findings.map((f) => f.item.id)).toEqual([
      '00000000-0000-4000-8000-0000000000bb',
      '00000000-0000-4000-8000-000000000001',
    ]);
    expect(nodeIdForItem(saved, '00000000-0000-4000-8000-000000000001')).toBe('s1');
    expect(nodeIdForItem(saved, '00000000-0000-4000-8000-0000000000bb')).toBe('c');
    expect(nodeIdForItem(saved, 's1')).toBe('s1');
    expect(nodeIdForItem(saved, 'gone')).toBeUndefined();
  });
});

describe('linkTarget', () => {
  it('fetches absolute http(s) addresses without their fragment, and only those', () => {
    expect(linkTarget(' https://a.test/x?y=1#z ')).toEqual({
      kind: 'http',
      url: 'https://a.test/x?y=1',
    });
    expect(linkTarget('//cdn.test/a.png')).toEqual({ kind: 'http', url: 'https://cdn.test/a.png' });
    expect(linkTarget('HTTP://A.TEST')).toEqual({ kind: 'http', url: 'http://a.test/' });
    expect(linkTarget('/path')).toEqual({ kind: 'relative' });
    expect(linkTarget('page.html')).toEqual({ kind: 'relative' });
    for (const other of ['#top', 'mailto:a@b.test', 'tel:+1', 'javascript:alert(1)', 'data:x', ''])
      expect(linkTarget(other)).toEqual({ kind: 'other' });
  });
});

describe('linkFindings', () => {
  it('reports a URL once, at its first use, with every other item that uses it', () => {
    const item = (id: string) => ({ kind: 'topic' as const, id, title: id, place: id });
    const uses = [
      { url: 'https://a.test/404', item: item('t1'), field: 'body' },
      { url: 'https://a.test/ok', item: item('t1'), field: 'body' },
      { url: 'https://a.test/404', item: item('t2'), field: 'body' },
      { url: 'https://a.test/404', item: item('t2'), field: 'preTextBlock' },
      { url: 'https://a.test/404', item: item('t3'), field: 'body' },
      { url: 'https://a.test/403', item: item('t3'), field: 'body' },
      { url: 'https://a.test/in', item: item('t3'), field: 'body' },
    ];
    const outcomes: Record<string, LinkOutcome> = {
      'https://a.test/404': { kind: 'status', status: 404, statusText: 'Not Found' },
      'https://a.test/ok': { kind: 'ok', status: 200 },
      'https://a.test/403': { kind: 'status', status: 403, statusText: 'Forbidden' },
      'https://a.test/in': {
        kind: 'internal',
        why: 'its host in leads to 10.0.0.1, a private network address',
      },
    };
    const findings = linkFindings(uses, (url) => outcomes[url]);
    expect(
      findings.map((f) => [f.rule, f.severity, f.url, f.item.id, f.alsoIn?.map((i) => i.id)]),
    ).toEqual([
      ['linkBroken', 'error', 'https://a.test/404', 't1', ['t2', 't3']],
      ['linkBroken', 'warning', 'https://a.test/403', 't3', undefined],
      ['linkInternal', 'note', 'https://a.test/in', 't3', undefined],
    ]);
    expect(findings[0]!.message).toBe('Broken: the server answers 404 Not Found.');
    expect(findings[2]!.message).toBe(
      'Not checked (internal address): its host in leads to 10.0.0.1, a private network address.',
    );
  });

  it('assembles a report with errors first, and the editor keeps only fetched links from it', () => {
    const draft = {
      ...course([]),
      serverIds: {
        courseGroupId: '00000000-0000-4000-8000-0000000000aa',
        courseId: '00000000-0000-4000-8000-0000000000bb',
      },
    };
    const local = checkDraft(draft).findings;
    const links = linkFindings(
      [{ url: 'https://a.test/x', item: local[0]!.item, field: 'asset' }],
      () => ({ kind: 'timeout', ms: 5000 }),
    );
    const report = assembleReport({
      draft,
      version: 'v1',
      checkedAt: new Date(0),
      durationMs: 12.4,
      findings: [...local, ...links],
      links: { distinct: 1, fetched: 1, concurrency: 8, timeoutMs: 5000 },
    });
    expect(report.findings.map((f) => f.rule)).toEqual(['courseWithoutTopics', 'linkTimeout']);
    expect(report.counts).toEqual({ error: 1, warning: 1, note: 0 });
    expect(report.durationMs).toBe(12);
    expect(draftWithSavedLinks([], report).map((f) => f.rule)).toEqual(['linkTimeout']);
  });
});
