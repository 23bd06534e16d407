// The Checks panel in the editor: the checks that need no network run here on the draft in hand (the
// compiler's checkDraft, the same code the console server runs), a pause after the last edit; the
// links' answers come from the console server's report of the saved course, fresh after each apply.
// Clicking a finding goes to its item as a problem does (selected in the outline, or the course field).
import { useEffect, useMemo } from 'react';
import { checkDraft, draftWithSavedLinks, nodeIdForItem } from '#compiler/checks/index.ts';
import type { Baseline, Issue } from '#compiler/index.ts';
import type { CheckFinding } from '#contract/console/course-checks.ts';
import { useDebouncedValue } from '../panels/use-debounced-value.ts';
import { useEditorSlice, type EditorStore } from '../state/editor-store.ts';
import { useSavedChecks } from '../../../lib/course-checks.ts';
import { ChecksPanel } from '../../../components/course-checks/checks-panel.tsx';
import { SavedChecksStatus } from '../../../components/course-checks/saved-checks-status.tsx';

export interface EditorChecksProps {
  store: EditorStore;
  /** The saved course (null for a new one); a new object after each apply. */
  baseline: Baseline | null;
  /** Goes to a node or a course field, as a problem in the Problems list does. */
  onGo(issue: Issue): void;
}

const CHECK_PAUSE_MS = 400;

export function EditorChecks({ store, baseline, onGo }: EditorChecksProps) {
  const draft = useDebouncedValue(
    useEditorSlice(store, (s) => s.draft),
    CHECK_PAUSE_MS,
  );
  const local = useMemo(() => checkDraft(draft).findings, [draft]);
  const courseId = baseline?.course.id ?? null;
  const saved = useSavedChecks(courseId);
  const { refetch } = saved.query;
  // After an apply the saved course is another version: ask for its report.
  useEffect(() => {
    if (baseline) void refetch();
  }, [baseline, refetch]);
  const { report } = saved;
  const findings = useMemo(() => draftWithSavedLinks(local, report), [local, report]);

  const select = (finding: CheckFinding) => {
    const current = store.draft;
    const nodeId = nodeIdForItem(current, finding.item.id);
    if (!nodeId) return;
    onGo({
      nodeId,
      field: finding.item.kind === 'course' ? finding.field : undefined,
      message: finding.message,
      severity: finding.severity === 'error' ? 'error' : 'warning',
      code: 'rule',
    });
  };

  return (
    <ChecksPanel
      findings={findings}
      status={
        courseId ? (
          <SavedChecksStatus query={saved.query} />
        ) : (
          'Links are checked once the course is saved.'
        )
      }
      onSelect={(_item, finding) => select(finding)}
      onRefresh={courseId ? () => void saved.refresh() : undefined}
      refreshing={saved.refreshing}
    />
  );
}
