// The course editor for a new course (admins and content managers).
import { createFileRoute } from '@tanstack/react-router';
import { NotAllowedPage } from '../components/dead-ends.tsx';
import { PendingState } from '../components/ui/spinner.tsx';
import { CourseEditor } from '../features/course-editor/course-editor.tsx';
import { loadEditor } from '../features/course-editor/persistence/load-editor.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export const Route = createFileRoute('/_authed/editor/new')({
  loader: ({ context }) => loadEditor(null, context.user.email),
  staleTime: 0,
  gcTime: 0,
  shouldReload: true,
  pendingComponent: () => <PendingState label="Opening the editor" />,
  component: NewCoursePage,
});

function NewCoursePage() {
  const init = Route.useLoaderData();
  const { capabilities } = Route.useRouteContext();
  usePageTitle('New course');
  if (!capabilities.createAndUpdate)
    return (
      <NotAllowedPage
        title="Not allowed: your role cannot create courses"
        capabilities={capabilities}
      >
        Ask an admin or a content manager to create it.
      </NotAllowedPage>
    );
  return <CourseEditor key={init.draftKey} {...init} canPublish={capabilities.publish} />;
}
