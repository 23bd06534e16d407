// The picked courses, each with its criteria as the API reads them back
// (`GET /courses/{id}/completionCriteria`), the topic the new criterion is about (when the type names
// one), the criterion to change (when changing), what will be sent, and the result of the last run.
import { useQuery } from '@tanstack/react-query';
import type { CompletionCriteriaType } from '#contract/enums.ts';
import { BulkResultMessages } from '../../components/bulk-result-messages.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { describeCriterion } from '../../lib/completion-criteria.ts';
import { TOPIC_TYPE_LABELS } from '../../lib/labels/topics.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import type { CourseItem } from './criterion-items.ts';
import { fitsTopic, topicField, type CourseTopic } from './criterion-model.ts';

export interface CourseEntry {
  id: string;
  title: string;
  topics: readonly CourseTopic[] | undefined;
  topicId: string | undefined;
  criterionId: string | undefined;
  item: CourseItem | null;
  result: BulkItemResult | undefined;
}

const RESULT_BADGES = {
  pending: { label: 'Not sent', tone: 'muted' },
  running: { label: 'Sending…', tone: 'info' },
  done: { label: 'Saved', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  skipped: { label: 'Left out', tone: 'warning' },
} as const;

export function CourseCriteriaList({
  entries,
  type,
  mode,
  locked,
  onTopic,
  onCriterion,
  onRemove,
}: {
  entries: readonly CourseEntry[];
  type: CompletionCriteriaType;
  mode: 'create' | 'update';
  locked: boolean;
  onTopic(courseId: string, topicId: string): void;
  onCriterion(courseId: string, criterionId: string): void;
  onRemove(courseId: string): void;
}) {
  return (
    <ol className="criteria-courses" aria-label="Picked courses">
      {entries.map((entry) => (
        <CourseRow
          key={entry.id}
          entry={entry}
          type={type}
          mode={mode}
          locked={locked}
          onTopic={onTopic}
          onCriterion={onCriterion}
          onRemove={onRemove}
        />
      ))}
    </ol>
  );
}

function CourseRow({
  entry,
  type,
  mode,
  locked,
  onTopic,
  onCriterion,
  onRemove,
}: {
  entry: CourseEntry;
  type: CompletionCriteriaType;
  mode: 'create' | 'update';
  locked: boolean;
  onTopic(courseId: string, topicId: string): void;
  onCriterion(courseId: string, criterionId: string): void;
  onRemove(courseId: string): void;
}) {
  const criteria = useQuery(courseQueries.completionCriteria(entry.id));
  const titleOf = (topicId: string) => entry.topics?.find((t) => t.id === topicId)?.title;
  const needs = topicField(type);
  const fitting = entry.topics?.filter((topic) => fitsTopic(type, topic.type)) ?? [];
  const others = entry.topics?.filter((topic) => !fitsTopic(type, topic.type)) ?? [];
  const badge = entry.result ? RESULT_BADGES[entry.result.status] : null;
  return (
    <li className="criteria-course" data-course={entry.id}>
      <div className="criteria-course__head">
        <span className="criteria-course__title">{entry.title}</span>
        {badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null}
        <Button
          size="sm"
          variant="ghost"
          disabled={locked}
          aria-label={`Remove ${entry.title}`}
          onClick={() => onRemove(entry.id)}
        >
          Remove
        </Button>
      </div>
      <div className="criteria-course__now">
        <span className="criteria-course__label">Criteria now</span>
        {criteria.isError ? (
          <span className="field__error">Could not read them.</span>
        ) : !criteria.data ? (
          <span className="muted">Reading…</span>
        ) : criteria.data.completionCriteria.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="criteria-course__list" aria-label={`Criteria of ${entry.title}`}>
            {criteria.data.completionCriteria.map((criterion) => (
              <li key={criterion.id}>{describeCriterion(criterion, titleOf)}</li>
            ))}
          </ul>
        )}
      </div>
      {mode === 'update' && criteria.data && criteria.data.completionCriteria.length > 0 ? (
        <label className="criteria-course__field">
          <span className="criteria-course__label">Criterion to change</span>
          <select
            className="select"
            aria-label={`Criterion to change in ${entry.title}`}
            value={entry.criterionId ?? ''}
            disabled={locked}
            onChange={(event) => onCriterion(entry.id, event.target.value)}
          >
            {criteria.data.completionCriteria.map((criterion) => (
              <option key={criterion.id} value={criterion.id}>
                {describeCriterion(criterion, titleOf)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {needs ? (
        <label className="criteria-course__field">
          <span className="criteria-course__label">
            {needs === 'videoTopicId' ? 'Video' : 'Topic'}
          </span>
          {entry.topics ? (
            <select
              className="select"
              aria-label={`${needs === 'videoTopicId' ? 'Video' : 'Topic'} of ${entry.title}`}
              value={entry.topicId ?? ''}
              disabled={locked}
              onChange={(event) => onTopic(entry.id, event.target.value)}
            >
              <option value="">Choose a topic…</option>
              <TopicOptions label="Fitting topics" topics={fitting} />
              <TopicOptions label="Other topics" topics={others} />
            </select>
          ) : (
            <span className="muted">Reading the course’s topics…</span>
          )}
        </label>
      ) : null}
      {entry.item && !entry.item.ok ? (
        <p className="criteria-course__skip">Left out: {entry.item.reason}</p>
      ) : null}
      {entry.result?.status === 'failed' ? <BulkResultMessages result={entry.result} /> : null}
    </li>
  );
}

/** One group of a course's topics in the topic picker; nothing when the group is empty. */
function TopicOptions({ label, topics }: { label: string; topics: readonly CourseTopic[] }) {
  if (topics.length === 0) return null;
  return (
    <optgroup label={label}>
      {topics.map((topic) => (
        <option key={topic.id} value={topic.id}>
          {topic.title} ({TOPIC_TYPE_LABELS[topic.type]})
        </option>
      ))}
    </optgroup>
  );
}
