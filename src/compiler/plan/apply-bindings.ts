// After a run: the draft with the server ids the plan produced, ready for the next edit and update.
import type { CourseDraft, ServerIds, TreeNode } from '../draft/schema.ts';
import { bindingKeys, type Bindings } from './types.ts';

export function applyBindings<D extends CourseDraft>(draft: D, bindings: Bindings): D {
  const id = draft.clientId;
  const courseId = bindings[bindingKeys.course(id)] ?? draft.serverIds?.courseId;
  const courseGroupId = bindings[bindingKeys.group(id)] ?? draft.serverIds?.courseGroupId;
  let serverIds: ServerIds | undefined = draft.serverIds;
  if (courseId && courseGroupId) {
    const implicit = {
      implicitSectionId: bindings[bindingKeys.implicitSection(id)],
      implicitLessonId: bindings[bindingKeys.implicitLesson(id)],
      implicitTopicId: bindings[bindingKeys.implicitTopic(id)],
    };
    serverIds = {
      ...draft.serverIds,
      courseId,
      courseGroupId,
      ...Object.fromEntries(Object.entries(implicit).filter(([, v]) => v !== undefined)),
    };
  }
  const bind = <N extends TreeNode>(node: N): N => {
    const serverId = bindings[node.clientId] ?? node.serverId;
    const next = { ...node, ...(serverId && { serverId }) } as TreeNode;
    if (next.kind === 'section') next.lessons = next.lessons.map(bind);
    if (next.kind === 'lesson') next.topics = next.topics.map(bind);
    return next as N;
  };
  const withIds = { ...draft, ...(serverIds && { serverIds }) };
  if (withIds.kind === 'courseGroup') return { ...withIds, sections: withIds.sections.map(bind) };
  if (withIds.kind === 'microCourse') return { ...withIds, topics: withIds.topics.map(bind) };
  return withIds;
}
