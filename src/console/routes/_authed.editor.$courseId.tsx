// The course editor for a saved course: loads it fresh (never from cache) with the user's backup.
import { createFileRoute, Link } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { CourseEditor } from '../features/course-editor/course-editor.tsx';
import type { EditorInit } from '../features/course-editor/persistence/load-editor.ts';
import { openSavedCourse } from '../features/course-editor/persistence/open-saved.ts';
import { RestoreBanner } from '../features/history/restore-version.tsx';
import { keepLandingData, takeLandingData } from '../lib/landing-data.ts';
import { bool, positiveInt, urlSearch } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/editor/$courseId')({
  validateSearch: urlSearch({
    created: bool,
    /** Open with this history version as the draft ("Restore this version"). */
    restore: positiveInt,
  }),
  loaderDeps: ({ search }) => ({ restore: search.restore }),
  staticData: {
    // On landing, the course's reads start with the session, not once this route's loader chunk has
    // queued behind its other chunks (docs/decisions/loading-strategy.md). Kept in the shell: small.
    landingData: ({ params, session }) => {
      const courseId = params.courseId!;
      const opening = import('../features/course-editor/persistence/open-saved.ts');
      keepLandingData(
        `course-editor:${courseId}`,
        Promise.all([opening, session]).then(([{ openSavedCourse }, { user }]) =>
          openSavedCourse(courseId, user.email),
        ),
      );
    },
  },
  loader: async ({ context, params, deps }) => {
    const init = await (takeLandingData<EditorInit>(`course-editor:${params.courseId}`) ??
      openSavedCourse(params.courseId, context.user.email));
    if (deps.restore === undefined) return { ...init, restore: null };
    // Only a restore needs the version's reader: imported then, so the loader waits for no more.
    const { withRestoredVersion } = await import('../features/history/restore-version.tsx');
    return withRestoredVersion(init, params.courseId, deps.restore);
  },
  staleTime: 0,
  gcTime: 0,
  shouldReload: true,
  pendingComponent: () => <PendingState label="Loading the course" />,
  component: EditCoursePage,
});

function EditCoursePage() {
  const { restore, ...init } = Route.useLoaderData();
  const { created } = Route.useSearch();
  const { capabilities } = Route.useRouteContext();
  usePageTitle(`Edit ${init.saved.attributes.title}`);
  if (!capabilities.createAndUpdate)
    return (
      <NotAllowedPage
        title="Not allowed: your role cannot edit courses"
        capabilities={capabilities}
      >
        Ask an admin or a content manager to make this change.
      </NotAllowedPage>
    );
  return (
    <>
      {created && init.baseline ? (
        <div className="banner banner--success" role="status">
          Course created.{' '}
          <Link to="/course-groups/$groupId" params={{ groupId: init.baseline.courseGroup.id }}>
            Open it in the browser
          </Link>
        </div>
      ) : null}
      {restore ? <RestoreBanner restore={restore} /> : null}
      <CourseEditor
        key={
          init.draftKey +
          (init.server?.course.updatedAt ?? '') +
          (restore && !restore.blockedByDraft ? `:restore-${restore.version.number}` : '')
        }
        {...init}
        canPublish={capabilities.publish}
      />
    </>
  );
}
