// A learning path's milestones in order, each with its courses and their status; every course links to
// its full content view (which links on to its course group).
import { Link } from '@tanstack/react-router';
import type { LearningPathMilestones } from '#contract/schemas/read-models.ts';
import type { z } from '#contract/zod.ts';
import { StatusBadge } from './ui/badge.tsx';

type Milestone = z.infer<typeof LearningPathMilestones>['milestones'][number];

export function MilestoneList({ milestones }: { milestones: readonly Milestone[] }) {
  if (milestones.length === 0) return <p className="muted">No milestones.</p>;
  return (
    <ol className="milestones" aria-label="Milestones">
      {milestones.map((milestone) => (
        <li key={milestone.id}>
          <span className="tree__title">{milestone.title}</span>
          {milestone.courses.length === 0 ? (
            <p className="muted">No courses in this milestone.</p>
          ) : (
            <ul className="milestones__courses" aria-label={`Courses of ${milestone.title}`}>
              {milestone.courses.map((course) => (
                <li key={course.id}>
                  <Link to="/content/$type/$id" params={{ type: 'courses', id: course.id }}>
                    {course.title}
                  </Link>{' '}
                  <StatusBadge status={course.status} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
