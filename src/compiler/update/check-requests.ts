// The contract's update rules and shape, run on every request a plan will send: a last check that
// what the compiler produced is a request the API accepts. Ids created by earlier steps are not
// known yet; a placeholder UUID stands in for them.
import { UpdateCourseAttributes, updateRuleIssues, type UpdateArray } from '#contract/index.ts';
import { isTreeDraft, type CourseDraft } from '../draft/schema.ts';
import { allNodes } from '../draft/tree-ops.ts';
import type { Issue } from '../issues.ts';
import { previewRequest } from '../plan/refs.ts';
import type { PlanStep, UpdateStep } from '../plan/types.ts';

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

export function checkRequests(steps: readonly PlanStep[], draft: CourseDraft): Issue[] {
  const topicTypes = new Map<string, string>();
  if (isTreeDraft(draft))
    for (const node of allNodes(draft))
      if (node.kind === 'topic') topicTypes.set(node.clientId, node.type);
  const issues: Issue[] = [];
  for (const step of steps) {
    if (step.kind !== 'update') continue;
    const attributes = withPlaceholders(step);
    const nodeAt = (array: unknown, index: unknown) =>
      typeof index === 'number' ? itemsOf(step, array as UpdateArray)[index]?.nodeId : undefined;
    const typeOf = (item: Record<string, unknown>) => {
      if (typeof item.type === 'string') return item.type;
      const topics = attributes.topics ?? [];
      const node = itemsOf(step, 'topics')[topics.indexOf(item as never)]?.nodeId;
      return node === undefined ? undefined : topicTypes.get(node);
    };
    for (const issue of updateRuleIssues(attributes as Record<string, unknown>, typeOf)) {
      const [array, index, field] = issue.path;
      issues.push({
        nodeId: nodeAt(array, index) ?? draft.clientId,
        ...(typeof field === 'string' && { field }),
        message: issue.message,
        severity: 'error',
        code: 'rule',
      });
    }
    const parsed = UpdateCourseAttributes.safeParse(attributes);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const [array, index, ...rest] = issue.path;
        issues.push({
          nodeId: nodeAt(array, index) ?? draft.clientId,
          ...(rest.length > 0 && { field: rest.map(String).join('.') }),
          message: issue.message,
          severity: 'error',
          code: 'shape',
        });
      }
  }
  return issues;
}

const itemsOf = (step: UpdateStep, array: UpdateArray) =>
  step.items.filter((item) => item.array === array);

function withPlaceholders(step: UpdateStep): Record<string, Record<string, unknown>[]> {
  const body = previewRequest(step).courseAttributes as Record<string, Record<string, unknown>[]>;
  for (const items of Object.values(body))
    for (const item of items)
      for (const [key, value] of Object.entries(item))
        if (typeof value === 'string' && value.startsWith('<new:')) item[key] = PLACEHOLDER_ID;
  return body;
}
