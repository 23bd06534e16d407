// The selected course: its status and publish actions, a link to the editor, and its structure or its
// history (two tabs, the choice kept in the URL).
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useMemo, useState } from 'react';
import { draftFromBaseline } from '#compiler/index.ts';
import type { Capabilities } from '#contract/console/session.ts';
import { lateComponent, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { LearnerPreview } from '../../components/learner-preview/learner-preview.tsx';
import { CourseChecksCard } from '../../features/course-detail/course-checks-card.tsx';
import { CourseStructureTree } from '../../features/course-detail/course-structure-tree.tsx';
import { CourseStatusPanel } from '../../features/publish/course-status-panel.tsx';
import { QueryBoundary } from '../../components/ui/error-boundary.tsx';
import { PendingState } from '../../components/ui/spinner.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { courseQueries } from '../../lib/queries/courses.ts';

// The History tab's panel (its versions, the change words and the comparison of two versions): its code
// loads after the first content, or as the tab opens, under the tab's own "Loading the history" state.
const HistoryPanel = lateComponent(() =>
  import('../../features/history/history-panel.tsx').then((module) => module.HistoryPanel),
);

export function SelectedCourse({
  groupId,
  courseId,
  capabilities,
  view,
  onView,
}: {
  groupId: string;
  courseId: string;
  capabilities: Capabilities;
  view: CourseView;
  onView: (view: CourseView) => void;
}) {
  usePreloadAfterFirstContent(HistoryPanel);
  const { data: structure } = useSuspenseQuery(courseQueries.structure(courseId));
  const { data: group } = useSuspenseQuery(courseGroupQueries.detail(groupId));
  const { data: list } = useSuspenseQuery(courseGroupQueries.courses(groupId, false));
  const listed = list.courses.find((course) => course.id === courseId);
  const draft = useMemo(
    () => (listed ? draftFromBaseline({ courseGroup: group, course: listed, structure }) : null),
    [group, listed, structure],
  );
  const [shown, setShown] = useState<{ id: string; nonce: number } | null>(null);
  const course = {
    id: structure.courseId,
    title: structure.title,
    status: structure.status,
    futurePublishDate: listed?.futurePublishDate ?? null,
  };
  return (
    <section className="card" aria-labelledby="selected-course-heading">
      <div className="card__header">
        <h2 className="card__title" id="selected-course-heading">
          {structure.title}
        </h2>
        {draft ? <LearnerPreview draft={draft} /> : null}
        {capabilities.createAndUpdate ? (
          <Link to="/editor/$courseId" params={{ courseId }} className="btn btn--secondary">
            Open in editor
          </Link>
        ) : null}
      </div>
      <CourseStatusPanel
        course={course}
        group={group}
        canPublish={capabilities.publish}
        canCreate={capabilities.createAndUpdate}
      />
      <CourseChecksCard
        courseId={courseId}
        onSelect={(item) => setShown({ id: item.id, nonce: Date.now() })}
      />
      <div className="tabs" role="tablist" aria-label="About this course">
        {VIEWS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`course-tab-${value}`}
            aria-selected={view === value}
            aria-controls={`course-panel-${value}`}
            tabIndex={view === value ? 0 : -1}
            className={`tabs__tab${view === value ? ' tabs__tab--active' : ''}`}
            onClick={() => onView(value)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = VIEWS[(VIEWS.findIndex(([v]) => v === value) + 1) % VIEWS.length]![0];
              onView(next);
              document.getElementById(`course-tab-${next}`)?.focus();
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`course-panel-${view}`} aria-labelledby={`course-tab-${view}`}>
        {view === 'structure' ? (
          <CourseStructureTree structure={structure} selected={shown} />
        ) : (
          <QueryBoundary resetKeys={[courseId]} title="The history did not load">
            <Suspense fallback={<PendingState label="Loading the history" />}>
              <HistoryPanel.Component
                courseId={courseId}
                canRestore={capabilities.createAndUpdate}
              />
            </Suspense>
          </QueryBoundary>
        )}
      </div>
    </section>
  );
}

export type CourseView = 'structure' | 'history';
const VIEWS: [CourseView, string][] = [
  ['structure', 'Structure'],
  ['history', 'History'],
];
