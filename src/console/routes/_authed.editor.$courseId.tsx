// The course editor for a saved course: loads it fresh (never from cache) with the user's backup.
import { createFileRoute, Link } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { CourseEditor } from '../features/course-editor/course-editor.tsx';
import { loadBaseline } from '../features/course-editor/persistence/load-course.ts';
import { RestoreBanner, withRestoredVersion } from '../features/history/restore-version.tsx';
import { bool, positiveInt, urlSearch } from '../lib/url-search.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/editor/$courseId')({
  validateSearch: urlSearch({
    created: bool,
    /** Open with this history version as the draft ("Restore this version"). */
    restore: positiveInt,
  }),
  loaderDeps: ({ search }) => ({ restore: search.restore }),
  loader: async ({ context, params, deps }) => {
    // The course's reads go out first; the code that turns them into a draft (the compiler, the
    // backup store) loads meanwhile instead of before them (docs/decisions/loading-strategy.md).
    const reading = loadBaseline(params.courseId);
    reading.catch(() => undefined); // Its failure is the loader's, through loadEditor below.
    const { loadEditor } = await import('../features/course-editor/persistence/load-editor.ts');
    const init = await loadEditor(params.courseId, context.user.email, reading);
    return deps.restore === undefined
      ? { ...init, restore: null }
      : withRestoredVersion(init, params.courseId, deps.restore);
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
