// The course editor for a saved course: loads it fresh (never from cache) with the user's backup.
import { createFileRoute, Link } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { CourseEditor } from '../features/course-editor/course-editor.tsx';
import {
  editorLandingKey,
  startEditorReads,
  type EditorLanding,
} from '../features/course-editor/persistence/editor-landing.ts';
import { openSavedCourse } from '../features/course-editor/persistence/open-saved.ts';
import { restoreCode } from '../features/history/restore-code.ts';
import { takeLandingData } from '../lib/landing-data.ts';
import { useMarkContentShown } from '../lib/use-after-first-content.ts';
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
    // On landing, the course's reads leave before any of this route's chunks has run, and the loader
    // checks their answers (docs/decisions/loading-strategy.md). Kept in the shell: imports nothing.
    landingData: startEditorReads,
    // The layout's late parts wait for the outline's first rows (or the not-allowed page) to paint.
    marksContentShown: true,
  },
  loader: async ({ context, params, deps }) => {
    const landing = await takeLandingData<EditorLanding>(editorLandingKey(params.courseId));
    const init = await openSavedCourse(params.courseId, context.user.email, landing);
    if (deps.restore === undefined) return { ...init, restore: null };
    // Only a restore needs the version's reader: imported then, so the loader waits for no more.
    const { withRestoredVersion } = await restoreCode.preload();
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
  // Here whenever `restore` is: the loader that returned it imported it.
  const RestoreBanner = restore ? restoreCode.loaded()?.RestoreBanner : undefined;
  useMarkContentShown(!capabilities.createAndUpdate); // Else the course editor marks its first frame.
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
      {restore && RestoreBanner ? <RestoreBanner restore={restore} /> : null}
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
