import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lateComponent } from '../components/late-component.tsx';
import { NotFoundPage } from '../components/dead-ends.tsx';
import { GroupScheduledFor } from '../components/scheduled-for.tsx';
import { isApiError } from '../lib/api-error.ts';
import { bool, oneOf, urlSearch, uuid } from '../lib/url-search.ts';
import { Badge, StatusBadge } from '../components/ui/badge.tsx';
import { QueryBoundary } from '../components/ui/error-boundary.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { SlugLookupForm } from '../features/course-groups/slug-lookup-form.tsx';
import { CourseList } from '../features/course-detail/course-list.tsx';
import { DisplayCourseCard } from '../features/course-detail/display-course-card.tsx';
import { GroupSummary } from '../features/course-detail/group-summary.tsx';
import { GroupThumbnailForm } from '../features/course-detail/group-thumbnail-form.tsx';
import { GroupSchedules } from '../features/schedules/group-schedules.tsx';
import { KIND_LABELS } from '../lib/labels/catalog.ts';
import { courseGroupQueries } from '../lib/queries/course-groups.ts';
import { courseQueries } from '../lib/queries/courses.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import {
  LateArchiveAction,
  LateCourseReview,
  LateGroupReview,
} from './-components/late-group-parts.tsx';

/**
 * The selected course (its status and publish actions, checks, learner preview and structure; with them
 * the compiler): asked for as the page first renders, beside the course's structure, which the loader
 * has started, and shown under the same "Loading the course" until both are here.
 */
const SelectedCourse = lateComponent(() =>
  import('./-components/selected-course.tsx').then((module) => module.SelectedCourse),
);

const DetailSearch = urlSearch({
  activeOnly: bool,
  /** The course whose status and structure are shown; the display course when absent. */
  course: uuid,
  /** The selected course's tab: its structure (default) or its history. */
  view: oneOf(['history']),
});

export const Route = createFileRoute('/_authed/course-groups/$groupId')({
  validateSearch: DetailSearch,
  loader: async ({ context: { queryClient }, params: { groupId } }) => {
    void queryClient.prefetchQuery(courseGroupQueries.displayCourse(groupId));
    void queryClient.prefetchQuery(courseGroupQueries.courses(groupId, false));
    const group = await queryClient
      .ensureQueryData(courseGroupQueries.detail(groupId))
      .catch((error: unknown) => {
        // An unknown id is a dead end, not a failure to retry.
        if (isApiError(error) && error.kind === 'not-found') throw notFound();
        throw error;
      });
    void queryClient.prefetchQuery(courseQueries.structure(group.displayCourseId));
  },
  notFoundComponent: GroupNotFound,
  component: GroupDetailPage,
});

function GroupNotFound() {
  const { groupId } = Route.useParams();
  usePageTitle('Course group not found');
  return (
    <NotFoundPage
      title="Not found: no course group has this id"
      back={{ to: '/course-groups', label: 'Back to course groups' }}
    >
      <p>
        There is no course group <span className="mono break">{groupId}</span> on this instance. It
        may have been removed, or the link may be mistyped.
      </p>
    </NotFoundPage>
  );
}

function GroupDetailPage() {
  const { groupId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { capabilities } = Route.useRouteContext();
  const { data: group } = useSuspenseQuery(courseGroupQueries.detail(groupId));
  usePageTitle(group.title);
  const activeOnly = search.activeOnly ?? false;
  const courseId = search.course ?? group.displayCourseId;

  return (
    <div className="page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/course-groups">Course groups</Link>
          </li>
          <li aria-current="page">{group.title}</li>
        </ol>
      </nav>
      <div className="page__header">
        <div>
          <h1 className="page__title">{group.title}</h1>
          <p className="page__badges">
            <StatusBadge status={group.status} />
            <GroupScheduledFor groupId={group.id} status={group.status} />
            <Badge tone="neutral">{KIND_LABELS[group.kind]}</Badge>
            {group.isTemplate ? <Badge tone="info">Template</Badge> : null}
            {group.archived ? <Badge tone="muted">Archived group</Badge> : null}
          </p>
        </div>
        {capabilities.archive ? <LateArchiveAction group={group} /> : null}
      </div>
      <div className="detail-grid">
        <div className="detail-main">
          <section className="card" aria-labelledby="courses-heading">
            <div className="card__header">
              <h2 className="card__title" id="courses-heading">
                Courses
              </h2>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={activeOnly}
                  onChange={(event) =>
                    void navigate({
                      search: (previous) => ({
                        ...previous,
                        activeOnly: event.target.checked || undefined,
                      }),
                      replace: true,
                    })
                  }
                />
                Active only
              </label>
            </div>
            <QueryBoundary resetKeys={[activeOnly]} title="The courses did not load">
              <Suspense fallback={<PendingState label="Loading courses" />}>
                <CourseList groupId={groupId} activeOnly={activeOnly} selectedCourseId={courseId} />
              </Suspense>
            </QueryBoundary>
          </section>
          <QueryBoundary resetKeys={[courseId]} title="The course did not load">
            <Suspense fallback={<PendingState label="Loading the course" />}>
              <SelectedCourse.Component
                groupId={groupId}
                courseId={courseId}
                capabilities={capabilities}
                view={search.view ?? 'structure'}
                onView={(view) =>
                  void navigate({
                    search: (previous) => ({
                      ...previous,
                      view: view === 'history' ? view : undefined,
                    }),
                    replace: true,
                  })
                }
              />
            </Suspense>
          </QueryBoundary>
        </div>
        <aside className="detail-aside" aria-label="About this group">
          <GroupSummary group={group} />
          <GroupSchedules
            group={group}
            courseId={courseId === group.displayCourseId ? null : courseId}
            canSchedule={capabilities.publish}
          />
          <LateCourseReview
            groupId={groupId}
            courseId={courseId}
            canRequest={capabilities.createAndUpdate && !capabilities.publish}
          />
          <LateGroupReview
            group={group}
            canRequest={capabilities.createAndUpdate && !capabilities.publish}
          />
          <QueryBoundary title="The display course did not load">
            <Suspense fallback={<PendingState label="Loading the display course" />}>
              <DisplayCourseCard groupId={groupId} />
            </Suspense>
          </QueryBoundary>
          {capabilities.createAndUpdate ? (
            <GroupThumbnailForm groupId={groupId} title={group.title} current={group.asset} />
          ) : null}
          <section className="card">
            <SlugLookupForm />
          </section>
        </aside>
      </div>
    </div>
  );
}
