// Deciding before acting: which courses and groups a publish action sends, and why the others are not
// sent, from their current statuses.
import { describe, expect, it } from 'vitest';
import type { Status } from '#contract/enums.ts';
import { REASONS, decideCourse, decideGroup, planAction } from './publish-plan.ts';
import type { CheckedGroup, GroupCheck } from './status-check.ts';

function group(
  id: string,
  status: Status,
  courses: Status[] = [status],
  archived = status === 'archived',
): CheckedGroup {
  return {
    id,
    title: `Group ${id}`,
    status,
    archived,
    courses: courses.map((courseStatus, index) => ({
      id: `${id}-c${index}`,
      title: courses.length === 1 ? `Group ${id}` : `Session ${index}`,
      status: courseStatus,
      futurePublishDate: courseStatus === 'pending' ? '2030-05-01T09:00:00.000Z' : null,
      isDisplayCourse: index === 0,
    })),
  };
}
const ok = (g: CheckedGroup): GroupCheck => ({ ok: true, group: g });

describe('planAction', () => {
  it('publish over deleted, archived, draft and published groups sends only the draft', () => {
    const plan = planAction('publish', [
      ok(group('deleted', 'deleted')),
      ok(group('archived', 'archived')),
      ok(group('draft', 'draft')),
      ok(group('published', 'published')),
    ]);
    expect(plan.items.map((item) => item.key)).toEqual(['draft-c0']);
    expect(plan.items[0]).toEqual({
      key: 'draft-c0',
      title: 'Group draft',
      groupId: 'draft',
      courseId: 'draft-c0',
    });
    expect(plan.skipped.map(({ item, reason }) => [item.key, reason])).toEqual([
      ['deleted-c0', REASONS.deletedPublish],
      ['archived-c0', REASONS.groupArchived],
      ['published-c0', REASONS.alreadyPublished],
    ]);
    expect(plan.archivedGroups.map((g) => g.id)).toEqual(['archived']);
  });

  it('decides each course of a group on its own, and names it after its group', () => {
    const plan = planAction('publish', [
      ok(group('multi', 'draft', ['draft', 'deleted', 'pending'])),
    ]);
    expect(plan.items.map((item) => item.title)).toEqual([
      'Group multi: Session 0',
      'Group multi: Session 2',
    ]);
    expect(plan.skipped).toEqual([
      {
        item: {
          key: 'multi-c1',
          title: 'Group multi: Session 1',
          groupId: 'multi',
          courseId: 'multi-c1',
        },
        reason: REASONS.deletedPublish,
      },
    ]);
    const pending = plan.groups[0]!.ok ? plan.groups[0]!.courses[2]!.decision : null;
    expect(pending).toMatchObject({ send: true });
    expect(pending && pending.send ? pending.effect : '').toMatch(
      /^Publishes now \(scheduled for /,
    );
  });

  it('unpublish skips drafts, authoring, archived and deleted courses', () => {
    const plan = planAction('unpublish', [
      ok(group('a', 'draft')),
      ok(group('b', 'published')),
      ok(group('c', 'loginRestriction')),
      ok(group('d', 'authoring')),
      ok(group('e', 'archived')),
      ok(group('f', 'pending')),
      ok(group('g', 'draft', ['archived'], false)),
    ]);
    expect(plan.items.map((item) => item.key)).toEqual(['b-c0', 'c-c0', 'f-c0']);
    expect(Object.fromEntries(plan.skipped.map(({ item, reason }) => [item.key, reason]))).toEqual({
      'a-c0': REASONS.alreadyDraft,
      'd-c0': REASONS.authoringUnpublish,
      'e-c0': REASONS.groupArchivedUnpublish,
      'g-c0': REASONS.archivedUnpublish,
    });
  });

  it('restore sends only archived groups; archive skips archived and deleted ones', () => {
    const checks = [
      ok(group('a', 'archived')),
      ok(group('p', 'published')),
      ok(group('x', 'deleted')),
    ];
    const restore = planAction('restore', checks);
    expect(restore.items.map((item) => item.key)).toEqual(['a']);
    expect(restore.skipped.map(({ reason }) => reason)).toEqual([
      REASONS.notArchived,
      REASONS.notArchived,
    ]);
    const archive = planAction('archive', checks);
    expect(archive.items.map((item) => item.key)).toEqual(['p']);
    expect(archive.skipped.map(({ reason }) => reason)).toEqual([
      REASONS.alreadyArchived,
      REASONS.deletedArchive,
    ]);
  });

  it('never sends a group whose status could not be read, and says why', () => {
    const plan = planAction('archive', [
      {
        ok: false,
        id: 'gone',
        title: 'Gone',
        messages: ['Course group gone not found'],
        httpStatus: 404,
      },
    ]);
    expect(plan.items).toEqual([]);
    expect(plan.skipped[0]!.reason).toBe(`${REASONS.unreadable} Course group gone not found`);
  });

  it('skips a group without courses', () => {
    const plan = planAction('publish', [ok({ ...group('empty', 'draft'), courses: [] })]);
    expect(plan.skipped[0]).toMatchObject({
      item: { key: 'group:empty' },
      reason: REASONS.noCourses,
    });
  });
});

describe('decideCourse and decideGroup', () => {
  it('a course of a deleted group is not published even when it is a draft itself', () => {
    expect(
      decideCourse(
        'publish',
        { archived: false, status: 'deleted' },
        group('x', 'draft').courses[0]!,
      ),
    ).toEqual({ send: false, reason: REASONS.groupDeleted });
  });
  it('restoring an archived group states the cascade', () => {
    expect(decideGroup('restore', { archived: true, status: 'archived' })).toEqual({
      send: true,
      effect: 'Restores the group; its courses become draft.',
    });
  });
});
