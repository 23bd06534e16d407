// Completion criteria set on many courses and read back (admins apply; everyone may look).
import { createFileRoute } from '@tanstack/react-router';
import {
  COURSES_DRAFT,
  CriteriaPage,
  PickedCourses,
} from '../features/completion-criteria/criteria-page.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';
import { codeForKeptDraft } from '../lib/use-session-draft.ts';

export const Route = createFileRoute('/_authed/completion-criteria')({
  // Courses picked earlier in this tab are listed in the page's first render, not a moment after it:
  // the list's code is waited for then (otherwise it loads after the first content). The loader goes
  // in the component's chunk, which it reads the code's handle from.
  loader: ({ context }) => codeForKeptDraft(context.user.email, COURSES_DRAFT, PickedCourses),
  codeSplitGroupings: [
    ['loader', 'component'],
    ['pendingComponent'],
    ['errorComponent'],
    ['notFoundComponent'],
  ],
  component: CriteriaRoute,
});

function CriteriaRoute() {
  const { capabilities } = Route.useRouteContext();
  usePageTitle('Completion criteria');
  return <CriteriaPage canApply={capabilities.bulkOperations} />;
}
