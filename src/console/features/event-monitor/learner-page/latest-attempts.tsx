// The learner's latest quiz attempts and assignment submissions, with everything their events say (the
// quiz by its title, score, pass mark, result) and, said once, what the feed does not send.
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { StoredEvent } from '../data/event-model.ts';
import { resourceOf } from '../data/event-model.ts';
import { eventFacts } from '../data/event-summary.ts';
import { knownTitle, nameProblem, useTopicName } from '../data/names.ts';
import { learnerQueries } from './learner-data.ts';
import type { LatestKind } from '#contract/console/landing-urls.ts';

const SILENT: Record<LatestKind, string> = {
  quizAttempt:
    'The feed does not say which questions were answered or how: only the score, the pass mark and the result.',
  assignmentSubmission:
    'The feed does not send the submitted files, their names or a grade: only how many files there were.',
};

export function LatestAttempts({ learnerId }: { learnerId: string }) {
  return (
    <div className="learner-latest">
      <LatestOf learnerId={learnerId} kind="quizAttempt" heading="Latest quiz attempts" />
      <LatestOf
        learnerId={learnerId}
        kind="assignmentSubmission"
        heading="Latest assignment submissions"
      />
    </div>
  );
}

function LatestOf({
  learnerId,
  kind,
  heading,
}: {
  learnerId: string;
  kind: LatestKind;
  heading: string;
}) {
  const latest = useQuery(learnerQueries.latest(learnerId, kind));
  const id = `learner-latest-${kind}`;
  return (
    <section className="learner-section" aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="learner-section__heading">
        {heading}
      </h2>
      {latest.isPending ? (
        <Spinner size="sm" label={`Loading ${heading.toLowerCase()}`} />
      ) : latest.isError ? (
        <ErrorState
          compact
          error={latest.error}
          title={`${heading} did not load`}
          onRetry={() => void latest.refetch()}
        />
      ) : latest.data.length === 0 ? (
        <p className="learner-muted">None stored.</p>
      ) : (
        <ul className="learner-attempts">
          {latest.data.map((item) => (
            <Attempt key={item.seq} item={item} />
          ))}
        </ul>
      )}
      <p className="learner-muted learner-note">{SILENT[kind]}</p>
    </section>
  );
}

function Attempt({ item }: { item: StoredEvent }) {
  const { event } = item;
  const topic = useTopicName(event);
  const title = knownTitle(topic.data);
  const noun = event.kind === 'quizAttempt' ? 'Quiz' : 'Assignment';
  return (
    <li className="learner-attempt">
      <p className="learner-attempt__title">
        {title !== undefined ? (
          <strong>{title}</strong>
        ) : (
          <span className="learner-muted">
            {noun}{' '}
            {topic.isPending
              ? '(looking up its title…)'
              : topic.data
                ? `(${nameProblem(topic.data)})`
                : '(the event names no topic)'}
          </span>
        )}{' '}
        in {resourceOf(event).title}
      </p>
      <p className="learner-muted">
        <time dateTime={new Date(event.timestamp).toISOString()}>
          {formatDateTime(event.timestamp)}
        </time>
      </p>
      <dl className="learner-facts learner-facts--inline">
        {eventFacts(event).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{/^[0-9a-f-]{36}$/i.test(value) ? <code>{value}</code> : value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
