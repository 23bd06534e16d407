// Completion criteria on many courses (spec 2.5; `POST /content/completion-criteria/bulk` and
// `…/bulk/update`, admins): pick courses, choose the criterion and its companion fields (a value for
// all, a topic per course), see per course what will be sent or why it is left out, apply in chunks
// with the shared bulk runner, and read every course's criteria back from the API.
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useMemo, useState } from 'react';
import type { BulkItemResult } from '../../lib/bulk/bulk-runner.ts';
import { CoursePicker, type PickedCourse } from '../../components/course-picker.tsx';
import {
  lateComponent,
  lateModule,
  usePreloadAfterFirstContent,
} from '../../components/late-component.tsx';
import { useLateModule } from '../../components/late-module.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { plural } from '../../lib/format.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import { useSessionDraft } from '../../lib/use-session-draft.ts';
import type { CourseEntry } from './course-criteria-list.tsx';
import { CriterionForm, type CriteriaMode } from './criterion-form.tsx';
import {
  defaultTopic,
  isValueType,
  valueProblem,
  type CourseTopic,
  type CriterionDraft,
} from './criterion-model.ts';
import type { CriterionItem } from './criteria-task.ts';
import './criteria.css';

// The run's view and the bulk runner load after the first content (or on the first send).
const CriteriaRun = lateComponent(() =>
  import('./criteria-run.tsx').then((module) => module.CriteriaRun),
);

/**
 * The picked courses' list and request items (picked-courses.ts): needed once courses are picked, whose
 * structures are read meanwhile; until then the preview says the courses are being read.
 */
export const PickedCourses = lateModule(() => import('./picked-courses.ts'));
/** The picked courses, kept for the tab (useSessionDraft). */
export const COURSES_DRAFT = 'criteria.courses';

const NO_COURSES: readonly PickedCourse[] = [];

export function CriteriaPage({ canApply }: { canApply: boolean }) {
  const queryClient = useQueryClient();
  const [courses, setCourses] = useSessionDraft(COURSES_DRAFT, NO_COURSES);
  const [mode, setMode] = useState<CriteriaMode>('create');
  const [draft, setDraft] = useState<CriterionDraft>({ type: 'coursePercentViewed', value: '80' });
  const [topics, setTopics] = useState<Record<string, string>>({});
  const [chosenCriteria, setChosenCriteria] = useState<Record<string, string>>({});
  usePreloadAfterFirstContent(CriteriaRun, canApply);
  usePreloadAfterFirstContent(PickedCourses);
  const pickedCode = useLateModule(PickedCourses, courses.length > 0);
  const [run, setRun] = useState<{
    items: CriterionItem[];
    skipped: (CriterionItem & { reason: string })[];
  } | null>(null);
  const [results, setResults] = useState<ReadonlyMap<string, BulkItemResult> | null>(null);

  const structures = useQueries({
    queries: courses.map((course) => courseQueries.structure(course.id)),
  });
  const criteria = useQueries({
    queries: courses.map((course) => courseQueries.completionCriteria(course.id)),
  });
  const picked = useMemo(() => new Set(courses.map((course) => course.id)), [courses]);
  const problem = valueProblem(draft);

  const entries: CourseEntry[] = courses.map((course, index) => {
    const structure = structures[index]?.data;
    const courseTopics: CourseTopic[] | undefined = structure?.sections.flatMap((section) =>
      section.lessons.flatMap((lesson) =>
        lesson.topics.map((topic) => ({ id: topic.id, title: topic.title, type: topic.type })),
      ),
    );
    const topicId =
      topics[course.id] || (courseTopics ? defaultTopic(draft.type, courseTopics) : undefined);
    const existing = criteria[index]?.data?.completionCriteria;
    const criterionId = chosenCriteria[course.id] ?? existing?.[0]?.id;
    const ready = courseTopics !== undefined && existing !== undefined;
    return {
      id: course.id,
      title: course.title,
      topics: courseTopics,
      topicId,
      criterionId,
      item:
        pickedCode && ready && !problem
          ? pickedCode.courseItem(draft, course.id, topicId, mode, criterionId)
          : null,
      result: results?.get(course.id),
    };
  });
  const CourseList = pickedCode?.CourseCriteriaList;
  const loading = pickedCode === null || entries.some((entry) => entry.topics === undefined);
  const sendable = entries.filter((entry) => entry.item?.ok);
  const leftOut = entries.filter((entry) => entry.item && !entry.item.ok);

  const start = () => {
    const toItem = (entry: CourseEntry): CriterionItem => ({
      key: entry.id,
      title: entry.title,
      courseId: entry.id,
      request: entry.item as Extract<CourseEntry['item'], { ok: true }>,
    });
    setResults(null);
    setRun({
      items: sendable.map(toItem),
      skipped: leftOut.map((entry) => ({
        key: entry.id,
        title: entry.title,
        courseId: entry.id,
        request: { ok: true, create: { courseId: entry.id, type: draft.type } },
        reason: (entry.item as { reason: string }).reason,
      })),
    });
  };

  const onFinished = useCallback(
    // Read every picked course's criteria back from the API.
    () =>
      void Promise.all(
        courses.map((course) =>
          queryClient.invalidateQueries({
            queryKey: courseQueries.completionCriteria(course.id).queryKey,
          }),
        ),
      ),
    [courses, queryClient],
  );

  // Said only once the picked list's code is here (the preview reads "Reading the courses…" until then).
  const describe = pickedCode?.describeCriterion;
  const summary = !describe
    ? ''
    : isValueType(draft.type)
      ? describe({ type: draft.type, [draft.type]: Number(draft.value) }, () => undefined)
      : describe({ type: draft.type }, () => undefined);

  return (
    <div className="page criteria">
      <div className="page__header">
        <div>
          <h1 className="page__title">Completion criteria</h1>
          <p className="page__lead">
            Set what completes a course on many courses at once, then read each course’s criteria
            back. {canApply ? '' : 'Changing criteria is done by admins.'}
          </p>
        </div>
      </div>
      <div className="criteria__grid">
        <CriterionForm
          mode={mode}
          onModeChange={setMode}
          draft={draft}
          onDraftChange={(next) => {
            if (next.type !== draft.type) setTopics({});
            setDraft(next);
          }}
          disabled={run !== null}
        />
        <section className="card" aria-labelledby="courses-heading">
          <h2 className="card__title" id="courses-heading">
            Courses
          </h2>
          <CoursePicker
            picked={picked}
            disabled={run !== null}
            onAdd={(added) =>
              setCourses((previous) => [
                ...previous,
                ...added
                  .filter((course) => !previous.some((p) => p.id === course.id))
                  .map(({ id, title }) => ({ id, title })),
              ])
            }
          />
        </section>
      </div>
      {courses.length === 0 ? (
        <EmptyState title="No courses picked yet">Find courses above and add them.</EmptyState>
      ) : (
        <section className="card" aria-labelledby="picked-heading">
          <div className="card__header">
            <h2 className="card__title" id="picked-heading">
              {plural(courses.length, 'picked course')}
            </h2>
          </div>
          <p className="criteria__preview" role="status" data-testid="criteria-preview">
            {problem
              ? `Fix the value first: ${problem}`
              : loading
                ? 'Reading the courses…'
                : `${mode === 'create' ? 'Adds' : 'Sets'} “${summary}” on ${plural(sendable.length, 'course')}${leftOut.length > 0 ? `; ${plural(leftOut.length, 'course')} left out (see why below)` : ''}.`}
          </p>
          {run ? (
            <Suspense fallback={null}>
              <CriteriaRun.Component
                key={run.items.map((item) => item.key).join()}
                mode={mode}
                items={run.items}
                skipped={run.skipped}
                onResults={setResults}
                onFinished={onFinished}
                onClose={() => setRun(null)}
              />
            </Suspense>
          ) : canApply ? (
            <div className="panel__actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={Boolean(problem) || loading || sendable.length === 0}
                onClick={start}
              >
                {mode === 'create' ? 'Add to' : 'Change on'} {plural(sendable.length, 'course')}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setCourses(NO_COURSES)}
              >
                Remove all courses
              </button>
            </div>
          ) : null}
          {CourseList ? (
            <CourseList
              entries={entries}
              type={draft.type}
              mode={mode}
              locked={run !== null}
              onTopic={(courseId, topicId) => setTopics({ ...topics, [courseId]: topicId })}
              onCriterion={(courseId, criterionId) =>
                setChosenCriteria({ ...chosenCriteria, [courseId]: criterionId })
              }
              onRemove={(courseId) =>
                setCourses((previous) => previous.filter((course) => course.id !== courseId))
              }
            />
          ) : null}
        </section>
      )}
    </div>
  );
}
