// Where the API can put a child: saved children that stay come first in their saved order; moved-in
// and new ones after them. Sections go anywhere, and so does everything in a course not yet saved.
import { describe, expect, it } from 'vitest';
import {
  addNode,
  moveNode,
  newTopic,
  placementRule,
  sequentialIds,
  type CourseGroupDraft,
} from '#compiler/index.ts';
import { gridDraft, saveDraft } from '../test-drafts.ts';

describe('placementRule', () => {
  const { baseline, saved } = saveDraft(gridDraft(2, 2, 2));
  const rule = placementRule(baseline, 'courseGroup');
  const lesson = (d: CourseGroupDraft, s: number, l: number) => d.sections[s]!.lessons[l]!;
  const ids = sequentialIds('p_');

  it('refuses a saved topic reordered in its lesson, or placed before saved ones elsewhere', () => {
    const [first, second] = lesson(saved, 0, 0).topics;
    const swapped = moveNode(saved, second!.clientId, {
      parentId: lesson(saved, 0, 0).clientId,
      index: 0,
    });
    // One of the two is out of place (which one, the plan's longest kept run decides).
    expect(rule.misplacedIn(swapped, lesson(saved, 0, 0).clientId).size).toBe(1);
    const target = lesson(saved, 1, 1).clientId;
    const atTop = moveNode(saved, first!.clientId, { parentId: target, index: 0 });
    expect(rule.misplacedIn(atTop, target)).toEqual(new Set([first!.clientId]));
    const atEnd = moveNode(saved, first!.clientId, { parentId: target, index: 2 });
    expect(rule.misplacedIn(atEnd, target).size).toBe(0);
  });

  it('puts new topics after the saved ones, sections anywhere, and anything in a new course', () => {
    const target = lesson(saved, 0, 1).clientId;
    const topic = newTopic('New', 'text', ids);
    expect(rule.misplacedIn(addNode(saved, topic, { parentId: target, index: 1 }), target)).toEqual(
      new Set([topic.clientId]),
    );
    expect(
      rule.misplacedIn(addNode(saved, topic, { parentId: target, index: 2 }), target).size,
    ).toBe(0);
    const sections = moveNode(saved, saved.sections[1]!.clientId, { parentId: null, index: 0 });
    expect(rule.misplacedIn(sections, null).size).toBe(0);
    const fresh = gridDraft(1, 1, 2);
    const reordered = moveNode(fresh, lesson(fresh, 0, 0).topics[1]!.clientId, {
      parentId: lesson(fresh, 0, 0).clientId,
      index: 0,
    });
    expect(
      placementRule(null, 'courseGroup').misplacedIn(reordered, lesson(fresh, 0, 0).clientId).size,
    ).toBe(0);
  });
});
