// The Checks panel on the course page: the console server's report of the saved course; clicking a
// finding shows its item in the course's structure below.
import type { CheckItem } from '#contract/console/course-checks.ts';
import { ChecksPanel } from '../../components/course-checks/checks-panel.tsx';
import { SavedChecksStatus } from '../../components/course-checks/saved-checks-status.tsx';
import { useSavedChecks } from '../../lib/course-checks.ts';

export function CourseChecksCard({
  courseId,
  onSelect,
}: {
  courseId: string;
  onSelect(item: CheckItem): void;
}) {
  const saved = useSavedChecks(courseId);
  const { report } = saved;
  return (
    <div className="panel">
      <ChecksPanel
        level={3}
        findings={report?.findings ?? []}
        pending={!report}
        status={<SavedChecksStatus query={saved.query} />}
        onSelect={onSelect}
        onRefresh={() => void saved.refresh()}
        refreshing={saved.refreshing}
      />
    </div>
  );
}
