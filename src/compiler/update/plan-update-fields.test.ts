// compileUpdate, fields: only changed fields are sent, with the API's clearing rules.
import { describe, expect, test } from 'vitest';
import { UpdateCoursesRequest } from '#contract/index.ts';
import {
  COMPILER_MESSAGES as M,
  PHASES,
  changeTopicType,
  compileUpdate,
  newCourseDraft,
  renameNode,
  setAttributes,
  setKindFields,
  setNodeFields,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '../test-drafts.ts';

import { bodies, errorsOf, ids, lid, saved, sid, tid } from './test-update-helpers.ts';

describe('field diffs', () => {
  test('an unchanged draft compiles to an empty plan', () => {
    const { baseline, draft } = saved();
    const result = compileUpdate(baseline, draft);
    expect(result.plan.steps).toEqual([]);
    expect(result.issues).toEqual([]);
    expect(result.plan.knownIds).toHaveLength(2 + 2 + 4 + 8);
  });

  test('only changed fields are sent, for group, course, section, lesson and topic', () => {
    const { baseline, draft } = saved();
    let next = setAttributes(draft, {
      description: 'New',
      priceInCents: 1200,
      showProgress: false,
      title: 'Renamed',
    });
    next = renameNode(next, sid(draft, 1).clientId, 'Second');
    next = setNodeFields(next, lid(draft, 0, 1).clientId, { openType: 'open' });
    next = setNodeFields(next, tid(draft, 1, 0, 1).clientId, {
      body: '<p>b</p>',
      searchDisabled: true,
    });
    const { plan, issues } = compileUpdate(baseline, next);
    expect(issues).toEqual([]);
    expect(plan.steps.map((s) => s.phase)).toEqual([PHASES.fields]);
    expect(bodies(plan)).toEqual([
      {
        courseGroups: [{ id: baseline.courseGroup.id, title: 'Renamed', description: 'New' }],
        courses: [
          { id: baseline.course.id, title: 'Renamed', priceInCents: 1200, showProgress: false },
        ],
        sections: [{ id: sid(draft, 1).serverId, title: 'Second' }],
        lessons: [{ id: lid(draft, 0, 1).serverId, openType: 'open' }],
        topics: [{ id: tid(draft, 1, 0, 1).serverId, body: '<p>b</p>', searchDisabled: true }],
      },
    ]);
    expect(UpdateCoursesRequest.safeParse({ courseAttributes: bodies(plan)[0] }).success).toBe(
      true,
    );
  });

  test('clearing sends null, [] -> null, {} -> null, and defaults for flags and plain strings', () => {
    const base = setAttributes(gridDraft(1, 1, 1), {
      description: 'D',
      tagIds: ['7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10'],
      authors: ['Ada'],
      customFields: { a: 'x' },
      source: 'src',
      metaTitle: 'M',
      sessionCustomFields: { k: 1 },
      forceLinearProgress: true,
    });
    const withTopic = setNodeFields(base, tid(base, 0, 0, 0).clientId, {
      body: 'B',
      caption: 'C',
      printDisabled: true,
    });
    const { baseline, saved: draft } = saveDraft(withTopic);
    let next = setAttributes(draft, {
      description: undefined,
      tagIds: [],
      authors: undefined,
      customFields: {},
      source: '',
      metaTitle: undefined,
      sessionCustomFields: undefined,
      forceLinearProgress: undefined,
    });
    next = setNodeFields(next, tid(draft, 0, 0, 0).clientId, {
      body: undefined,
      caption: '',
      printDisabled: undefined,
    });
    const [body] = bodies(compileUpdate(baseline, next).plan);
    expect(body).toEqual({
      courseGroups: [
        {
          id: baseline.courseGroup.id,
          description: null,
          tagIds: null,
          authors: null,
          source: null,
          customFields: null,
          metaTitle: '',
        },
      ],
      courses: [{ id: baseline.course.id, customFields: null, forceLinearProgress: false }],
      topics: [
        { id: tid(draft, 0, 0, 0).serverId, body: null, caption: null, printDisabled: false },
      ],
    });
  });

  test('a type change sends the type and only what differs from the reset record', () => {
    const base = gridDraft(1, 1, 1);
    const { baseline, saved: draft } = saveDraft(
      setNodeFields(base, tid(base, 0, 0, 0).clientId, { body: 'B', caption: 'C' }),
    );
    const topic = tid(draft, 0, 0, 0);
    const next = setNodeFields(changeTopicType(draft, topic.clientId, 'video'), topic.clientId, {
      videoAsset: 'm1',
    });
    expect(bodies(compileUpdate(baseline, next).plan)).toEqual([
      { topics: [{ id: topic.serverId, type: 'video', videoAsset: 'm1' }] },
    ]);
  });

  test('status: draft/published/archived go out; others and fixed fields are reported', () => {
    const { baseline, draft } = saved(1, 1, 1);
    expect(
      bodies(compileUpdate(baseline, setAttributes(draft, { status: 'published' })).plan),
    ).toEqual([{ courses: [{ id: baseline.course.id, status: 'published' }] }]);
    const result = compileUpdate(
      baseline,
      setAttributes(draft, {
        status: 'pending',
        sku: 'SKU-2',
        contentType: 'x',
        courseStartDate: '2031-01-01',
      }),
    );
    expect(errorsOf(result).map((i) => [i.code, i.field, i.message])).toEqual([
      ['unsupported', 'status', M.cannotSetStatus('pending')],
      ['unsupported', 'sku', M.cannotChangeField('sku')],
      ['unsupported', 'courseStartDate', M.cannotChangeField('courseStartDate')],
      ['unsupported', 'contentType', M.cannotChangeField('contentType')],
    ]);
    // Same instant, other notation: not a change.
    const same = setAttributes(draft, { courseStartDate: '2026-01-01T00:00:00Z' });
    expect(compileUpdate(baseline, same).issues).toEqual([]);
  });

  test('article, video and SCORM changes go to the topic the create made', () => {
    const article = saveDraft(
      setKindFields(newCourseDraft('article', 'Art', ids), { title: 'T', body: 'B' }),
    );
    const a = compileUpdate(article.baseline, setKindFields(article.saved, { body: 'B2' }));
    expect(bodies(a.plan)).toEqual([
      {
        topics: [
          {
            id: article.saved.serverIds!.implicitTopicId,
            body: 'B2',
            languages: [{ title: 'T', body: 'B2' }],
          },
        ],
      },
    ]);
    const video = saveDraft(
      setKindFields(newCourseDraft('video', 'Vid', ids), { videoAsset: 'm1' }),
    );
    const v = compileUpdate(
      video.baseline,
      setKindFields(video.saved, { videoAsset: undefined, videoUrl: 'https://cdn.test/v.mp4' }),
    );
    expect(bodies(v.plan)).toEqual([
      {
        topics: [
          {
            id: video.saved.serverIds!.implicitTopicId,
            videoUrl: 'https://cdn.test/v.mp4',
            videoAsset: null,
          },
        ],
      },
    ]);
    const scorm = saveDraft(
      setKindFields(newCourseDraft('shareableContentObject', 'S', ids), {
        scormUrl: 'https://cdn.test/a.zip',
      }),
    );
    const s = compileUpdate(scorm.baseline, setKindFields(scorm.saved, { width: 640 }));
    expect(bodies(s.plan)).toEqual([
      { topics: [{ id: scorm.saved.serverIds!.implicitTopicId, width: 640 }] },
    ]);
  });
});
