// The selected course: its status and publish actions, a link to the editor, and its structure.
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { draftFromBaseline } from '#compiler/index.ts';
import type { Capabilities } from '#contract/console/session.ts';
import { LearnerPreview } from '../../components/learner-preview/learner-preview.tsx';
import { CourseChecksCard } from '../../features/course-detail/course-checks-card.tsx';
import { CourseStructureTree } from '../../features/course-detail/course-structure-tree.tsx';
import { CourseStatusPanel } from '../../features/publish/course-status-panel.tsx';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { courseQueries } from '../../lib/queries/courses.ts';

export function SelectedCourse({
  groupId,
  courseId,
  capabilities,
}: {
  groupId: string;
  courseId: string;
  capabilities: Capabilities;
}) {
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
      <h3 className="panel__title">Structure</h3>
      <CourseStructureTree structure={structure} selected={shown} />
    </section>
  );
}
