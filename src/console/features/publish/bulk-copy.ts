// What each publish action says before it runs (cascades included) and after.
import { LIMITS } from '#contract/limits.ts';
import { plural } from '../../lib/format.ts';
import { isReleaseAction, type PublishAction, type PublishPlan } from './publish-plan.ts';

export const ACTION_PAST: Record<PublishAction, string> = {
  publish: 'Published',
  unpublish: 'Unpublished',
  archive: 'Archived',
  restore: 'Restored',
};

/** What a run counts: courses for publish/unpublish (one releaseContent each), groups otherwise. */
export const itemNoun = (action: PublishAction, count: number) =>
  plural(count, isReleaseAction(action) ? 'course' : 'group');

export const DESELECTED_REASON = 'Deselected in the confirmation.';

export function describePlan(plan: PublishPlan, selectedCount: number): string[] {
  const sending = itemNoun(plan.action, selectedCount);
  const notSent =
    plan.skipped.length > 0
      ? `${itemNoun(plan.action, plan.skipped.length)} will not be sent; the reason is given for each.`
      : null;
  const batches = plural(Math.ceil(selectedCount / LIMITS.itemsPerUpdate), 'update call');
  const lines: Record<PublishAction, string> = {
    publish: `Publishes ${sending} with releaseContent: learners can see them in the catalog.`,
    unpublish: `Sets ${sending} back to draft with releaseContent: learners no longer see them in the catalog.`,
    archive: `Archives ${sending}. Their courses become archived as well. Sent as ${batches} of at most ${LIMITS.itemsPerUpdate} groups each.`,
    restore: `Restores ${sending}. Their courses become draft; publish them again to make them visible. Sent as ${batches} of at most ${LIMITS.itemsPerUpdate} groups each.`,
  };
  return notSent ? [lines[plan.action], notSent] : [lines[plan.action]];
}
