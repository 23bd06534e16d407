// The confirmation's list: every group with its current status and its courses' statuses, what the
// action does to each, the reason for each item not sent, and a checkbox for each item that would be.
import { StatusBadge } from '../../components/ui/badge.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { CASCADE_STATUS, type Decision, type PublishPlan } from './publish-plan.ts';
import type { CheckedCourse } from './status-check.ts';

export interface PlanListProps {
  plan: PublishPlan;
  selected: ReadonlySet<string>;
  onToggle(key: string, included: boolean): void;
}

export function PlanList({ plan, selected, onToggle }: PlanListProps) {
  const cascade =
    plan.action === 'archive' || plan.action === 'restore' ? CASCADE_STATUS[plan.action] : null;
  return (
    <ul className="plan-list" aria-label="What will happen to each course group">
      {plan.groups.map((planned) => {
        if (!planned.ok) {
          return (
            <li key={planned.id} className="plan-group" data-testid="plan-group">
              <div className="plan-group__head">
                <span className="plan-group__title">{planned.title}</span>
              </div>
              <DecisionNote
                decision={{
                  send: false,
                  reason: `Its current status could not be read: ${planned.messages.join(' ')}`,
                }}
              />
            </li>
          );
        }
        const { group } = planned;
        return (
          <li key={group.id} className="plan-group" data-testid="plan-group">
            <div className="plan-group__head">
              {planned.item && planned.decision?.send ? (
                <Include
                  itemKey={planned.item.key}
                  title={group.title}
                  checked={selected.has(planned.item.key)}
                  onToggle={onToggle}
                />
              ) : (
                <span className="plan-group__title">{group.title}</span>
              )}
              <span className="plan-group__status">
                <span className="visually-hidden">Group status: </span>
                <StatusBadge status={group.status} />
              </span>
            </div>
            {planned.decision ? <DecisionNote decision={planned.decision} /> : null}
            {planned.item && !planned.decision ? (
              <DecisionNote decision={{ send: false, reason: 'This group has no courses.' }} />
            ) : null}
            {planned.courses.length > 0 ? (
              <ul className="plan-courses" aria-label={`Courses of ${group.title}`}>
                {planned.courses.map(({ course, decision, item }) => (
                  <li key={course.id} className="plan-course">
                    <div className="plan-course__head">
                      {item && decision?.send ? (
                        <Include
                          itemKey={item.key}
                          title={item.title}
                          label={course.title}
                          checked={selected.has(item.key)}
                          onToggle={onToggle}
                        />
                      ) : (
                        <span className="plan-course__title">{course.title}</span>
                      )}
                      <CourseStatus
                        course={course}
                        becomes={cascade && planned.decision?.send ? cascade : null}
                      />
                    </div>
                    {decision ? <DecisionNote decision={decision} /> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function Include({
  itemKey,
  title,
  label = title,
  checked,
  onToggle,
}: {
  itemKey: string;
  title: string;
  label?: string;
  checked: boolean;
  onToggle(key: string, included: boolean): void;
}) {
  return (
    <label className="checkbox plan-include">
      <input
        type="checkbox"
        checked={checked}
        aria-label={`Include ${title}`}
        onChange={(event) => onToggle(itemKey, event.target.checked)}
      />
      <span className="plan-include__title">{label}</span>
    </label>
  );
}

function CourseStatus({
  course,
  becomes,
}: {
  course: CheckedCourse;
  becomes: CheckedCourse['status'] | null;
}) {
  return (
    <span className="plan-course__status">
      <StatusBadge status={course.status} />
      {becomes && becomes !== course.status ? (
        <>
          <span aria-label="becomes"> → </span>
          <StatusBadge status={becomes} />
        </>
      ) : null}
      {course.status === 'pending' && course.futurePublishDate ? (
        <span className="plan-course__schedule">
          Scheduled for {formatDateTime(course.futurePublishDate)}
        </span>
      ) : null}
    </span>
  );
}

function DecisionNote({ decision }: { decision: Decision }) {
  return decision.send ? (
    <p className="plan-note">{decision.effect}</p>
  ) : (
    <p className="plan-note plan-note--skip">
      <strong>Not sent:</strong> {decision.reason}
    </p>
  );
}
