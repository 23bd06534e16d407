// One line on the saved course's check: running (with its progress), done (when, how many addresses),
// or why it could not run.
import type { UseQueryResult } from '@tanstack/react-query';
import type { CourseChecksAnswer } from '#contract/console/course-checks.ts';
import { errorMessages } from '../../lib/api-error.ts';
import { plural } from '../../lib/format.ts';

export function SavedChecksStatus({ query }: { query: UseQueryResult<CourseChecksAnswer> }) {
  const answer = query.data;
  if (query.isError && !answer)
    return <>The links could not be checked: {errorMessages(query.error).join(' ')}</>;
  if (!answer) return <>Checking the saved course…</>;
  if (answer.state === 'running')
    return (
      <>
        Checking links: {answer.links.done} of{' '}
        {plural(answer.links.distinct, 'address', 'addresses')}…
      </>
    );
  const at = new Date(answer.checkedAt).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <>
      Saved course checked at {at}:{' '}
      {plural(answer.links.distinct, 'link or media address', 'link and media addresses')}.
    </>
  );
}
