// The publish actions' names, on their own: the bulk bar's buttons show them on the course-group list,
// which does not load the publish rules (publish-plan.ts) before an action is chosen.
import type { PublishAction } from '#contract/publish-rules.ts';

export const ACTION_LABELS: Record<PublishAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
  restore: 'Restore',
};
