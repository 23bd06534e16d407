// compileCreate: one create body entry per draft of every kind, at most 100 courses per request, and
// courses over 100 children split into a first request plus update steps.
import { describe, expect, test } from 'vitest';
import { CreateCoursesRequest, LIMITS, countChildren, createPrecheck } from '#contract/index.ts';
import {
  addNode,
  bindingKeys,
  compileCreate,
  newCourseDraft,
  newTopic,
  previewRequest,
  sequentialIds,
  setAttributes,
  setKindFields,
  setNodeFields,
  type CreateStep,
  type MicroCourseDraft,
  type PlanStep,
  type UpdateStep,
} from '#compiler/index.ts';
import { gridDraft } from '../test-drafts.ts';

const kinds = (steps: PlanStep[]) => steps.map((s) => s.kind);

describe('bodies of every kind', () => {
  test('courseGroup: attributes and the nested sections/lessons/topics without client ids', () => {
    let draft = setAttributes(gridDraft(1, 1, 1), {
      description: 'About',
      priceInCents: 500,
      slug: 'later',
    });
    const topic = draft.sections[0]!.lessons[0]!.topics[0]!;
    draft = setNodeFields(draft, topic.clientId, { body: '<p>Hi</p>', preventProgression: true });
    const { plan, issues } = compileCreate([draft]);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(kinds(plan.steps)).toEqual(['create']);
    const step = plan.steps[0] as CreateStep;
    expect(step.drafts).toEqual([draft.clientId]);
    expect(step.body).toEqual({
      courseAttributes: [
        {
          title: 'Grid course',
          kind: 'courseGroup',
          description: 'About',
          priceInCents: 500,
          sections: [
            {
              title: 'S0',
              lessons: [
                {
                  title: 'S0L0',
                  openType: 'studentsOnly',
                  topics: [
                    { title: 'S0L0T0', type: 'text', body: '<p>Hi</p>', preventProgression: true },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(CreateCoursesRequest.safeParse(step.body).success).toBe(true);
  });

  test('microCourse, article, video and SCORM put their structure where spec 2.2 says', () => {
    const ids = sequentialIds();
    const micro = addNode(
      newCourseDraft('microCourse', 'Micro', ids) as MicroCourseDraft,
      newTopic('T', 'discussionBoard', ids),
      { parentId: null, index: 0 },
    );
    const article = setKindFields(newCourseDraft('article', 'Article', ids), {
      language: 'en',
      title: 'Read me',
      body: '<p>b</p>',
    });
    const video = setKindFields(newCourseDraft('video', 'Video', ids), {
      videoAsset: 'media-1',
      posterImageAsset: 'https://cdn.test/p.png',
    });
    const scorm = setKindFields(newCourseDraft('shareableContentObject', 'Pkg', ids), {
      scormUrl: 'https://cdn.test/p.zip',
      width: 800,
      height: 600,
    });
    const { plan } = compileCreate([micro, article, video, scorm]);
    const body = (plan.steps[0] as CreateStep).body;
    expect(body.courseAttributes).toEqual([
      { title: 'Micro', kind: 'microCourse', topics: [{ title: 'T', type: 'discussionBoard' }] },
      {
        title: 'Article',
        kind: 'article',
        articleVariant: { language: 'en', title: 'Read me', body: '<p>b</p>' },
      },
      {
        title: 'Video',
        kind: 'video',
        videoAsset: 'media-1',
        posterImageAsset: 'https://cdn.test/p.png',
      },
      {
        title: 'Pkg',
        kind: 'shareableContentObject',
        scormUrl: 'https://cdn.test/p.zip',
        width: 800,
        height: 600,
      },
    ]);
    expect(createPrecheck(body)).toBeUndefined();
  });

  test('bindNodes adds a re-read per course that binds every created node, implicit ones included', () => {
    const ids = sequentialIds();
    const draft = gridDraft(1, 1, 2, ids);
    const video = setKindFields(newCourseDraft('video', 'Video', ids), { videoAsset: 'm' });
    const { plan } = compileCreate([draft, video], { bindNodes: true });
    expect(kinds(plan.steps)).toEqual(['create', 'reread', 'reread']);
    const [, first, second] = plan.steps;
    expect(first).toMatchObject({ course: { key: draft.clientId } });
    expect(first?.kind === 'reread' && first.bind.map((e) => [e.level, e.title])).toEqual([
      ['section', 'S0'],
      ['lesson', 'S0L0'],
      ['topic', 'S0L0T0'],
      ['topic', 'S0L0T1'],
    ]);
    expect(second?.kind === 'reread' && second.bind.map((e) => [e.key, e.level, e.type])).toEqual([
      [bindingKeys.implicitSection(video.clientId), 'section', undefined],
      [bindingKeys.implicitLesson(video.clientId), 'lesson', undefined],
      [bindingKeys.implicitTopic(video.clientId), 'topic', 'video'],
    ]);
  });
});

describe('limits', () => {
  test('at most 100 courses per create request', () => {
    const ids = sequentialIds();
    const drafts = Array.from({ length: 230 }, (_, i) =>
      newCourseDraft('microCourse', `C${i}`, ids),
    );
    const { plan } = compileCreate(drafts);
    const creates = plan.steps as CreateStep[];
    expect(creates.map((s) => s.body.courseAttributes.length)).toEqual([100, 100, 30]);
    expect(creates[2]!.drafts[0]).toBe(drafts[200]!.clientId);
    expect(creates[2]!.body.courseAttributes[0]!.title).toBe('C200');
  });

  test('a course over 100 children: its first 100 nodes in document order, then update steps', () => {
    const draft = gridDraft(3, 3, 12); // 3 + 9 + 108 = 120 children
    const { plan, issues } = compileCreate([draft]);
    expect(issues.map((i) => i.code)).toEqual(['split']);
    expect(kinds(plan.steps)).toEqual(['create', 'reread', 'update', 'reread', 'update', 'reread']);
    const first = (plan.steps[0] as CreateStep).body.courseAttributes[0]!;
    expect(countChildren(first as never)).toBe(LIMITS.childrenPerCourse);
    expect(createPrecheck({ courseAttributes: [first] })).toBeUndefined();
    // Pre-order: S0 (1+3+36=40), S1 (40), S2 with L0 (1+1+12) and L1 with 5 topics = 100.
    expect(first.sections!.map((s) => s.lessons.map((l) => l.topics.length))).toEqual([
      [12, 12, 12],
      [12, 12, 12],
      [12, 5],
    ]);
    const bind = plan.steps[1]!;
    expect(bind.kind === 'reread' && bind.bind).toHaveLength(100);

    const lessons = plan.steps[2] as UpdateStep;
    expect(previewRequest(lessons)).toEqual({
      courseAttributes: {
        lessons: [
          {
            sectionId: `<new:${draft.sections[2]!.clientId}>`,
            title: 'S2L2',
            openType: 'studentsOnly',
          },
        ],
      },
    });
    const topics = plan.steps[4] as UpdateStep;
    expect(topics.items).toHaveLength(19);
    expect(topics.items.map((i) => i.fields.title)).toEqual([
      ...Array.from({ length: 7 }, (_, t) => `S2L1T${t + 5}`),
      ...Array.from({ length: 12 }, (_, t) => `S2L2T${t}`),
    ]);
    expect(topics.creates.map((e) => e.key)).toEqual(topics.items.map((i) => i.nodeId));
  });

  test('a microCourse over 100 topics completes through its implicit lesson', () => {
    const ids = sequentialIds();
    let micro = newCourseDraft('microCourse', 'Micro', ids) as MicroCourseDraft;
    for (let i = 0; i < 250; i++)
      micro = addNode(micro, newTopic(`T${i}`, 'text', ids), { parentId: null, index: i });
    const { plan } = compileCreate([micro]);
    expect(kinds(plan.steps)).toEqual(['create', 'reread', 'update', 'reread', 'update', 'reread']);
    expect((plan.steps[0] as CreateStep).body.courseAttributes[0]!.topics).toHaveLength(100);
    const [a, b] = [plan.steps[2] as UpdateStep, plan.steps[4] as UpdateStep];
    expect([a.items.length, b.items.length]).toEqual([100, 50]);
    expect(a.items[0]).toMatchObject({
      parent: { field: 'lessonId', ref: { key: bindingKeys.implicitLesson(micro.clientId) } },
      fields: { title: 'T100', type: 'text' },
    });
  });

  test('a saved draft is refused', () => {
    const draft = {
      ...gridDraft(1, 1, 1),
      serverIds: {
        courseId: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10',
        courseGroupId: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a11',
      },
    };
    expect(compileCreate([draft]).issues.map((i) => i.severity)).toEqual(['error']);
  });
});
