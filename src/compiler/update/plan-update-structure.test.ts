// compileUpdate, structure: moves, new nodes at every level with their re-reads, what the API
// cannot express, and batching of at most 100 items.
import { describe, expect, test } from 'vitest';
import {
  COMPILER_MESSAGES as M,
  PHASES,
  addNode,
  compileUpdate,
  moveNode,
  newCourseDraft,
  newLesson,
  newSection,
  newTopic,
  normalizeOrder,
  removeNode,
  renameNode,
  setNodeFields,
  type CourseDraft,
  type MicroCourseDraft,
} from '#compiler/index.ts';
import type { Baseline } from '#compiler/update/baseline.ts';
import { saveDraft } from '../test-drafts.ts';

import { bodies, errorsOf, ids, lid, saved, sid, tid, updates } from './test-update-helpers.ts';

describe('moves and new nodes', () => {
  test('moving a topic to the end of another saved lesson is one item with lessonId', () => {
    const { baseline, draft } = saved();
    const topic = tid(draft, 0, 0, 0);
    const target = lid(draft, 1, 1);
    const next = moveNode(draft, topic.clientId, { parentId: target.clientId, index: 2 });
    const result = compileUpdate(baseline, next);
    expect(result.issues).toEqual([]);
    expect(bodies(result.plan)).toEqual([
      { topics: [{ id: topic.serverId, lessonId: target.serverId }] },
    ]);
  });

  test('a lesson moved into another section carries its field changes in the same item', () => {
    const { baseline, draft } = saved();
    const lesson = lid(draft, 0, 0);
    const next = renameNode(
      moveNode(draft, lesson.clientId, { parentId: sid(draft, 1).clientId, index: 2 }),
      lesson.clientId,
      'Moved',
    );
    expect(bodies(compileUpdate(baseline, next).plan)).toEqual([
      { lessons: [{ id: lesson.serverId, sectionId: sid(draft, 1).serverId, title: 'Moved' }] },
    ]);
  });

  test('new section with a lesson and topics: created phase by phase, each followed by a re-read', () => {
    const { baseline, draft } = saved(1, 1, 1);
    const section = newSection('New S', ids);
    const lesson = newLesson('New L', ids);
    const t1 = newTopic('New T1', 'text', ids);
    const t2 = newTopic('Moved in', 'text', ids);
    let next = addNode(draft, section, { parentId: null, index: 1 });
    next = addNode(next, lesson, { parentId: section.clientId, index: 0 });
    next = addNode(next, { ...t1, body: 'x' }, { parentId: lesson.clientId, index: 0 });
    const saved0 = tid(draft, 0, 0, 0);
    next = moveNode(next, saved0.clientId, { parentId: lesson.clientId, index: 1 });
    next = addNode(next, t2, { parentId: lesson.clientId, index: 2 });
    const { plan, issues } = compileUpdate(baseline, next);
    expect(issues).toEqual([]);
    expect(plan.steps.map((s) => [s.kind, s.phase])).toEqual([
      ['update', PHASES.sections],
      ['reread', PHASES.sections],
      ['update', PHASES.lessons],
      ['reread', PHASES.lessons],
      ['update', PHASES.topics], // round 0: create New T1
      ['reread', PHASES.topics],
      ['update', PHASES.topics], // round 1: move the saved topic in after it
      ['update', PHASES.topics], // round 1: create the last topic
      ['reread', PHASES.topics],
    ]);
    const courseId = baseline.course.id;
    expect(bodies(plan)).toEqual([
      { sections: [{ courseId, title: 'New S' }] },
      {
        lessons: [
          { sectionId: `<new:${section.clientId}>`, title: 'New L', openType: 'studentsOnly' },
        ],
      },
      {
        topics: [
          { lessonId: `<new:${lesson.clientId}>`, title: 'New T1', type: 'text', body: 'x' },
        ],
      },
      { topics: [{ id: saved0.serverId, lessonId: `<new:${lesson.clientId}>` }] },
      { topics: [{ lessonId: `<new:${lesson.clientId}>`, title: 'Moved in', type: 'text' }] },
    ]);
    const rereads = plan.steps.filter((s) => s.kind === 'reread');
    expect(rereads.map((s) => s.kind === 'reread' && s.bind.map((e) => e.key))).toEqual([
      [section.clientId],
      [lesson.clientId],
      [t1.clientId],
      [t2.clientId],
    ]);
  });

  test('sections are reordered with displayOrder from the first one out of place', () => {
    const { baseline, draft } = saved(4, 0, 0);
    const next = moveNode(draft, sid(draft, 3).clientId, { parentId: null, index: 1 });
    expect(bodies(compileUpdate(baseline, next).plan)).toEqual([
      {
        sections: [
          { id: sid(draft, 3).serverId, displayOrder: 1 },
          { id: sid(draft, 1).serverId, displayOrder: 2 },
          { id: sid(draft, 2).serverId, displayOrder: 3 },
        ],
      },
    ]);
    // With a new section: ordered after it is created and bound.
    const added = addNode(draft, newSection('First', ids), { parentId: null, index: 0 });
    const { plan } = compileUpdate(baseline, added);
    expect(plan.steps.map((s) => s.kind)).toEqual(['update', 'reread', 'update']);
    expect(bodies(plan)[1]!.sections!.map((s) => s.displayOrder)).toEqual([0, 1, 2, 3, 4]);
  });

  test('microCourse: new topics go to the implicit lesson', () => {
    let micro = newCourseDraft('microCourse', 'M', ids) as MicroCourseDraft;
    micro = addNode(micro, newTopic('A', 'text', ids), { parentId: null, index: 0 });
    const { baseline, saved: draft } = saveDraft(micro);
    const next = addNode(draft, newTopic('B', 'embed', ids), { parentId: null, index: 1 });
    expect(bodies(compileUpdate(baseline, next).plan)).toEqual([
      { topics: [{ lessonId: draft.serverIds!.implicitLessonId, title: 'B', type: 'embed' }] },
    ]);
  });
});

describe('what the API cannot express', () => {
  test('deleting saved nodes is reported at the parent that held them, once per subtree', () => {
    const { baseline, draft } = saved();
    let next = removeNode(draft, tid(draft, 0, 1, 0).clientId);
    next = removeNode(next, sid(draft, 1).clientId);
    const result = compileUpdate(baseline, next);
    expect(errorsOf(result).map((i) => [i.nodeId, i.code, i.message])).toEqual([
      [draft.clientId, 'unsupported', M.cannotDelete('section', 'S1')],
      [lid(draft, 0, 1).clientId, 'unsupported', M.cannotDelete('topic', 'S0L1T0')],
    ]);
  });

  test('reordering saved topics or lessons in place is reported at the moved node', () => {
    const { baseline, draft } = saved(1, 2, 3);
    const moved = tid(draft, 0, 0, 2);
    const next = moveNode(draft, moved.clientId, { parentId: lid(draft, 0, 0).clientId, index: 0 });
    const result = compileUpdate(baseline, next);
    expect(errorsOf(result).map((i) => [i.nodeId, i.message])).toEqual([
      [moved.clientId, M.cannotReorder('topic', 'lesson')],
    ]);
    // A moved-in topic placed before saved ones, and a lesson swap, likewise.
    const other = tid(draft, 0, 1, 0);
    const before = moveNode(draft, other.clientId, {
      parentId: lid(draft, 0, 0).clientId,
      index: 0,
    });
    expect(errorsOf(compileUpdate(baseline, before)).map((i) => i.nodeId)).toEqual([
      other.clientId,
    ]);
    const swapped = moveNode(draft, lid(draft, 0, 1).clientId, {
      parentId: sid(draft, 0).clientId,
      index: 0,
    });
    expect(errorsOf(compileUpdate(baseline, swapped)).map((i) => i.message)).toEqual([
      M.cannotReorder('lesson', 'section'),
    ]);
    // normalizeOrder offers the order the API can make, which compiles cleanly.
    const fixed = normalizeOrder(baseline, before);
    expect(fixed.sections[0]!.lessons[0]!.topics.map((t) => t.title)).toEqual([
      'S0L0T0',
      'S0L0T1',
      'S0L0T2',
      'S0L1T0',
    ]);
    expect(compileUpdate(baseline, fixed).issues).toEqual([]);
  });

  test('a kind change, a foreign server id, or another course are refused', () => {
    const { baseline, draft } = saved(1, 1, 1);
    const asMicro = { ...draft, kind: 'microCourse', topics: [] } as unknown as CourseDraft;
    expect(errorsOf(compileUpdate(baseline, asMicro)).map((i) => i.message)).toContain(
      M.cannotChangeKind,
    );
    const foreign = setNodeFields(draft, tid(draft, 0, 0, 0).clientId, {});
    const lesson = lid(foreign, 0, 0);
    const alien = { ...lesson.topics[0]!, serverId: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a10' };
    const withAlien = {
      ...foreign,
      sections: [{ ...sid(foreign, 0), lessons: [{ ...lesson, topics: [alien] }] }],
    };
    expect(errorsOf(compileUpdate(baseline, withAlien)).map((i) => i.message)).toContain(
      M.unknownServerNode('topic', alien.serverId),
    );
    const other: Baseline = {
      ...baseline,
      course: { ...baseline.course, id: '7f1d2f7e-7a43-4c59-9b1f-0d7c9b8e6a11' },
    };
    const refused = compileUpdate(other, draft);
    expect(refused.plan.steps).toEqual([]);
    expect(errorsOf(refused).map((i) => i.message)).toEqual([M.baselineMismatch]);
  });

  test('rule violations in the draft are errors at their nodes', () => {
    const { baseline, draft } = saved(1, 1, 1);
    const next = setNodeFields(draft, tid(draft, 0, 0, 0).clientId, {
      audioUrl: 'https://cdn.test/a.mp3',
      title: '',
    });
    expect(errorsOf(compileUpdate(baseline, next)).map((i) => i.field)).toEqual([
      'audioUrl',
      'title',
    ]);
  });
});

describe('batching', () => {
  test('250 field changes: three requests of at most 100 items', () => {
    const { baseline, draft } = saved(1, 5, 50);
    let next = draft;
    for (const lesson of draft.sections[0]!.lessons)
      for (const topic of lesson.topics)
        next = setNodeFields(next, topic.clientId, { body: `b-${topic.title}` });
    const { plan } = compileUpdate(baseline, next);
    expect(updates(plan).map((s) => s.items.length)).toEqual([100, 100, 50]);
    expect(plan.steps.every((s) => s.phase === PHASES.fields)).toBe(true);
  });

  test('150 new topics: two creating requests, each followed by its re-read', () => {
    const { baseline, draft } = saved(1, 1, 0);
    let next = draft;
    const lesson = lid(draft, 0, 0);
    for (let i = 0; i < 150; i++)
      next = addNode(next, newTopic(`N${i}`, 'text', ids), { parentId: lesson.clientId, index: i });
    const { plan } = compileUpdate(baseline, next);
    expect(
      plan.steps.map((s) => [
        s.kind,
        s.kind === 'update' ? s.items.length : s.kind === 'reread' ? s.bind.length : 0,
      ]),
    ).toEqual([
      ['update', 100],
      ['reread', 100],
      ['update', 50],
      ['reread', 50],
    ]);
  });
});
