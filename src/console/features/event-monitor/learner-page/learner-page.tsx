// The learner page: who the learner is (from their events, and from the Users list when it was loaded),
// a summary of their stored history, where they stand in each course and learning path (titles as the
// instance names them now), their latest quiz attempts and submissions, and the timeline.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LearnerResource, LearnerSummary } from '#contract/console/learners.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { PendingState } from '../../../components/ui/spinner.tsx';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { knownTitle, nameProblem, useResourceName } from '../data/names.ts';
import { accountFromUsersList, learnerQueries, type TimelineFilter } from './learner-data.ts';
import { LatestAttempts } from './latest-attempts.tsx';
import { LearnerTimeline } from './learner-timeline.tsx';
import './learners.css';

export interface LearnerPageProps {
  learnerId: string;
  filter: TimelineFilter;
  onFilterChange(patch: TimelineFilter): void;
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

export function LearnerPage({ learnerId, filter, onFilterChange }: LearnerPageProps) {
  const summary = useQuery(learnerQueries.summary(learnerId));
  const account = accountFromUsersList(useQueryClient(), learnerId);
  const who = summary.data?.learner ?? account;
  const name = who ? fullName(who) || who.email : 'Learner';
  usePageTitle(who ? name : 'Learner');

  return (
    <div className="page learner-page">
      <div className="page__header">
        <div>
          <h1 className="page__title">{name}</h1>
          <p className="page__lead">
            {who?.email ? <>{who.email} · </> : null}
            learner id <code>{learnerId}</code>
          </p>
        </div>
        <nav className="learner-page__links" aria-label="This learner elsewhere">
          <Link to="/events" search={{ learner: learnerId }}>
            Their events in the event monitor
          </Link>
          <Link to="/users">All users</Link>
        </nav>
      </div>
      {summary.isPending ? (
        <PendingState label="Reading the learner's history" />
      ) : summary.isError ? (
        <ErrorState
          error={summary.error}
          title="The learner's history did not load"
          onRetry={() => void summary.refetch()}
        />
      ) : (
        <>
          <Account joinedAt={account?.createdAt ?? null} known={summary.data.learner !== null} />
          <SummaryTiles summary={summary.data} />
          <Standings
            heading="Courses"
            type="course"
            items={summary.data.courses}
            none="No stored event is about a course."
          />
          <Standings
            heading="Learning paths"
            type="learningPath"
            items={summary.data.learningPaths}
            none="No stored event is about a learning path."
          />
        </>
      )}
      <LatestAttempts learnerId={learnerId} />
      <LearnerTimeline
        learnerId={learnerId}
        learnerName={name}
        total={summary.data?.total ?? null}
        filter={filter}
        onFilterChange={onFilterChange}
      />
    </div>
  );
}

function Account({ joinedAt, known }: { joinedAt: string | null; known: boolean }) {
  return (
    <section className="learner-section" aria-labelledby="learner-account">
      <h2 id="learner-account" className="learner-section__heading">
        Account
      </h2>
      <dl className="learner-facts">
        <dt>Joined</dt>
        <dd>
          {joinedAt ? (
            formatDateTime(joinedAt)
          ) : (
            <span className="learner-muted">
              Not known here: the Content API lists users only as one list (the Users screen), with
              no way to read one user. It shows once the Users screen has loaded this learner.
            </span>
          )}
        </dd>
        <dt>Name and email</dt>
        <dd>
          {known
            ? 'As their latest stored event gives them.'
            : 'No stored event of this learner: the relay has not received any yet, or they were older than the retention period.'}
        </dd>
      </dl>
    </section>
  );
}

function SummaryTiles({ summary }: { summary: LearnerSummary }) {
  const count = (kind: keyof LearnerSummary['byKind']) => summary.byKind[kind] ?? 0;
  const tiles: [string, number, string][] = [
    [
      'Enrollments',
      count('courseEnrollment') + count('learningPathEnrollment'),
      `${formatCount(count('courseEnrollment'))} in courses, ${formatCount(count('learningPathEnrollment'))} in learning paths`,
    ],
    [
      'Completions',
      summary.courses.filter((course) => course.completedAt).length,
      `courses completed of ${formatCount(summary.courses.length)} touched`,
    ],
    ['Certificates', count('courseCertificate'), 'certificate events'],
    [
      'Learning paths',
      summary.learningPaths.length,
      `${formatCount(summary.learningPaths.filter((path) => path.completedAt).length)} completed`,
    ],
    ['Quiz attempts', count('quizAttempt'), 'stored attempts'],
    ['Submissions', count('assignmentSubmission'), 'assignment submissions'],
  ];
  return (
    <section className="learner-section" aria-labelledby="learner-summary">
      <h2 id="learner-summary" className="learner-section__heading">
        Summary
      </h2>
      <p className="learner-muted" data-testid="learner-span">
        {summary.total === 0
          ? 'No stored events.'
          : `${formatCount(summary.total)} stored ${summary.total === 1 ? 'event' : 'events'}, from ${formatDateTime(summary.firstEventAt)} to ${formatDateTime(summary.lastEventAt)}.`}
      </p>
      <ul className="learner-tiles">
        {tiles.map(([label, value, detail]) => (
          <li key={label} className="learner-tile">
            <span className="learner-tile__label">{label}</span>
            <strong className="learner-tile__value" data-testid={`tile-${label}`}>
              {formatCount(value)}
            </strong>
            <span className="learner-tile__detail">{detail}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FIRST_SHOWN = 12;

function Standings({
  heading,
  type,
  items,
  none,
}: {
  heading: string;
  type: 'course' | 'learningPath';
  items: readonly LearnerResource[];
  none: string;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST_SHOWN);
  const id = `learner-${type}`;
  return (
    <section className="learner-section" aria-labelledby={id}>
      <h2 id={id} className="learner-section__heading">
        {heading} <span className="learner-muted">({formatCount(items.length)})</span>
      </h2>
      {items.length === 0 ? (
        <p className="learner-muted">{none}</p>
      ) : (
        <ul className="learner-standings">
          {shown.map((item) => (
            <Standing key={item.id} type={type} item={item} />
          ))}
        </ul>
      )}
      {items.length > FIRST_SHOWN ? (
        <Button size="sm" variant="ghost" onClick={() => setAll(!all)}>
          {all ? `Show the latest ${FIRST_SHOWN}` : `Show all ${formatCount(items.length)}`}
        </Button>
      ) : null}
    </section>
  );
}

const NO_EVENT = 'no event says';

function Standing({ type, item }: { type: 'course' | 'learningPath'; item: LearnerResource }) {
  const when = (value: string | null) => (value ? formatDateTime(value) : NO_EVENT);
  return (
    <li className="learner-standing" data-testid="learner-standing">
      <h3 className="learner-standing__title">
        <ResourceTitle type={type} id={item.id} carried={item.title} />
      </h3>
      <dl className="learner-standing__facts">
        <dt>Enrolled</dt>
        <dd>{when(item.enrolledAt)}</dd>
        <dt>Started</dt>
        <dd>{when(item.startedAt)}</dd>
        <dt>Completed</dt>
        <dd>{when(item.completedAt)}</dd>
        {type === 'course' ? (
          <>
            <dt>Certificate</dt>
            <dd>{when(item.certificateAt)}</dd>
          </>
        ) : null}
        <dt>Progress</dt>
        <dd>{item.progressPercent === null ? NO_EVENT : `${item.progressPercent}%`}</dd>
        <dt>Last activity</dt>
        <dd>
          {formatDateTime(item.lastEventAt)} ·{' '}
          <Link to="/events" search={{ course: item.id }}>
            {formatCount(item.events)} {item.events === 1 ? 'event' : 'events'}
          </Link>
        </dd>
      </dl>
    </li>
  );
}

/** The title the instance gives now; the one the events carried when it differs or is gone. */
function ResourceTitle({
  type,
  id,
  carried,
}: {
  type: 'course' | 'learningPath';
  id: string;
  carried: string;
}) {
  const name = useResourceName(type, id);
  const current = knownTitle(name.data);
  if (current !== undefined)
    return (
      <>
        {current}
        {current !== carried ? (
          <span className="learner-muted"> (its events say “{carried}”)</span>
        ) : null}
      </>
    );
  return (
    <>
      {carried}
      {name.data ? <span className="learner-muted"> · {nameProblem(name.data)}</span> : null}
    </>
  );
}
