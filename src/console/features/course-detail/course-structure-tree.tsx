// A course's sections, lessons and topics with their completion criteria, read-only. Native
// <details> gives every level keyboard-operable expand/collapse without custom tree semantics.
// `selectedId` marks an item (a finding of the course checks was clicked): it is shown, scrolled to and
// focused.
import { useEffect, useRef } from 'react';
import type { CourseStructure } from '#contract/schemas/read-models.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatDateTime, plural } from '../../lib/format.ts';
import { OPEN_TYPE_LABELS, TOPIC_TYPE_LABELS } from '../../lib/labels/topics.ts';
import { describeCriterion } from '../../lib/completion-criteria.ts';
import { isHiddenRelease } from '../../lib/hidden-sections.ts';

export function CourseStructureTree({
  structure,
  selected,
}: {
  structure: CourseStructure;
  /** The item to show: its id, and a nonce that changes at each click. */
  selected?: { id: string; nonce: number } | null;
}) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!selected) return;
    const row = root.current?.querySelector<HTMLElement>(`[data-item-id="${selected.id}"]`);
    if (!row) return;
    for (let up = row.parentElement; up && up !== root.current; up = up.parentElement)
      if (up instanceof HTMLDetailsElement) up.open = true;
    row.scrollIntoView({ block: 'center' });
    row.focus();
  }, [selected]);
  const mark = (id: string) => ({
    'data-item-id': id,
    tabIndex: -1,
    'aria-current': selected?.id === id ? ('true' as const) : undefined,
  });
  const topics = structure.sections.flatMap((section) =>
    section.lessons.flatMap((lesson) => lesson.topics),
  );
  const titles = new Map(topics.map((topic) => [topic.id, topic.title]));
  const topicTitle = (id: string) => titles.get(id);
  // Counted: what learners see. Hidden sections ("Unused") are listed, marked, and counted apart.
  const seen = structure.sections.filter((section) => !isHiddenRelease(section.releaseDate));
  const hiddenCount = structure.sections.length - seen.length;
  const lessonCount = seen.reduce((sum, section) => sum + section.lessons.length, 0);
  const topicCount = seen.reduce(
    (sum, section) => sum + section.lessons.reduce((n, lesson) => n + lesson.topics.length, 0),
    0,
  );

  return (
    <div className="structure" ref={root}>
      <p className="structure__counts">
        {plural(seen.length, 'section')} · {plural(lessonCount, 'lesson')} ·{' '}
        {plural(topicCount, 'topic')}
        {hiddenCount > 0
          ? ` · ${plural(hiddenCount, 'hidden section')} learners never see, not counted`
          : ''}
      </p>
      {structure.sections.length === 0 ? (
        <EmptyState title="This course has no sections yet" />
      ) : (
        <ol className="tree" aria-label={`Structure of ${structure.title}`}>
          {structure.sections.map((section, sectionIndex) => (
            <li key={section.id} className="tree__item">
              <details open={!isHiddenRelease(section.releaseDate)}>
                <summary className="tree__summary" {...mark(section.id)}>
                  <span className="tree__level">Section {sectionIndex + 1}</span>
                  <span className="tree__title">{section.title}</span>
                  {isHiddenRelease(section.releaseDate) ? (
                    <Badge tone="muted">Hidden from learners</Badge>
                  ) : section.releaseDate ? (
                    <span className="tree__meta">
                      Releases {formatDateTime(section.releaseDate)}
                    </span>
                  ) : null}
                </summary>
                <ol className="tree tree--nested">
                  {section.lessons.map((lesson) => (
                    <li key={lesson.id} className="tree__item">
                      <details open>
                        <summary className="tree__summary" {...mark(lesson.id)}>
                          <span className="tree__level">Lesson</span>
                          <span className="tree__title">{lesson.title}</span>
                          <span className="tree__meta">{OPEN_TYPE_LABELS[lesson.openType]}</span>
                        </summary>
                        <ol className="tree tree--nested tree--topics">
                          {lesson.topics.map((topic) => (
                            <li key={topic.id} className="tree__topic" {...mark(topic.id)}>
                              <Badge tone="neutral">{TOPIC_TYPE_LABELS[topic.type]}</Badge>
                              <span className="tree__title">{topic.title}</span>
                              {topic.courseCompletionCriteria ? (
                                <span className="criterion">
                                  Completes when{' '}
                                  {describeCriterion(
                                    topic.courseCompletionCriteria,
                                    topicTitle,
                                    topic.id,
                                  )}
                                </span>
                              ) : null}
                            </li>
                          ))}
                          {lesson.topics.length === 0 ? (
                            <li className="tree__topic muted">No topics</li>
                          ) : null}
                        </ol>
                      </details>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      )}
      <h4 className="structure__subtitle">Completion criteria</h4>
      {structure.completionCriteria.length === 0 ? (
        <p className="muted">No course-level completion criteria.</p>
      ) : (
        <ul className="criteria-list">
          {structure.completionCriteria.map((criterion) => (
            <li key={criterion.id}>{describeCriterion(criterion, topicTitle)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
