// The event detail drawer: a readable summary, the facts of its kind, links into the course browser, the
// "all events for..." shortcuts, and the raw JSON as the feed sent it.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { courseQueries } from '../../../lib/queries/courses.ts';
import type { StoredEvent } from '../data/event-model.ts';
import { EVENT_KIND_LABELS } from '../../../lib/labels/events.ts';
import { learnerName, resourceOf } from '../data/event-model.ts';
import { describeEvent, eventFacts } from '../data/event-summary.ts';
import { knownTitle, nameProblem, useResourceName, useTopicName } from '../data/names.ts';
import { once } from '../../../lib/once.ts';

export interface EventDrawerProps {
  item: StoredEvent | null;
  onClose(): void;
  onShowLearner(email: string): void;
  onShowResource(id: string): void;
}

const fullTime = once(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'medium' }),
);

export function EventDrawer({ item, onClose, onShowLearner, onShowResource }: EventDrawerProps) {
  const topic = useTopicName(item?.event ?? null);
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {item ? (
        <DialogContent
          title={EVENT_KIND_LABELS[item.event.kind]}
          description={describeEvent(item.event, knownTitle(topic.data))}
          placement="side"
          size="lg"
        >
          <EventDetail item={item} onShowLearner={onShowLearner} onShowResource={onShowResource} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EventDetail({
  item,
  onShowLearner,
  onShowResource,
}: Omit<EventDrawerProps, 'item' | 'onClose'> & { item: StoredEvent }) {
  const { event, seq } = item;
  const resource = resourceOf(event);
  const resourceNoun = resource.type === 'course' ? 'course' : 'learning path';
  return (
    <div className="em-detail">
      <dl className="em-detail__facts">
        <dt>When</dt>
        <dd>
          <time dateTime={new Date(event.timestamp).toISOString()}>
            {fullTime().format(event.timestamp)}
          </time>
        </dd>
        <dt>Learner</dt>
        <dd>
          {learnerName(event)} <span className="em-muted">{event.learner.email}</span>
          <br />
          <code>{event.learner.id}</code>
          <br />
          <Link to="/learners/$learnerId" params={{ learnerId: event.learner.id }}>
            Open the learner page of {learnerName(event)}
          </Link>
        </dd>
        <dt>{resource.type === 'course' ? 'Course' : 'Learning path'}</dt>
        <dd>
          {resource.title}
          <br />
          <CurrentTitle type={resource.type} id={resource.id} carried={resource.title} />
          <code>{resource.id}</code>
          <br />
          <ResourceLink type={resource.type} id={resource.id} title={resource.title} />
        </dd>
        {event.topicId ? (
          <>
            <dt>Topic</dt>
            <dd>
              <TopicName event={event} />
              <br />
              <code>{event.topicId}</code>
            </dd>
          </>
        ) : null}
        {eventFacts(event).map(([label, value]) => (
          <FactRow key={label} label={label} value={value} />
        ))}
        <dt>Event id</dt>
        <dd>
          <code>{event.id}</code>
        </dd>
        <dt>Relay sequence</dt>
        <dd>{seq}</dd>
      </dl>
      <div className="em-detail__actions">
        <Button size="sm" onClick={() => onShowLearner(event.learner.email)}>
          All events for this learner
        </Button>
        <Button size="sm" onClick={() => onShowResource(resource.id)}>
          All events for this {resourceNoun}
        </Button>
      </div>
      <section className="em-detail__raw" aria-labelledby="em-raw-heading">
        <div className="em-detail__raw-head">
          <h3 id="em-raw-heading" className="em-detail__heading">
            Raw JSON
          </h3>
          <CopyButton text={JSON.stringify(event, null, 2)} label="Copy JSON" />
        </div>
        {/* Focusable so keyboard users can scroll a long payload. */}
        <pre tabIndex={0}>{JSON.stringify(event, null, 2)}</pre>
      </section>
    </div>
  );
}

/**
 * What the instance calls the course or learning path now, when that differs from the title the event
 * carried, or that it has gone; nothing while it is the same (the title above says it).
 */
function CurrentTitle({
  type,
  id,
  carried,
}: {
  type: 'course' | 'learningPath';
  id: string;
  carried: string;
}) {
  const name = useResourceName(type, id);
  if (name.isPending) return null;
  if (name.isError)
    return (
      <>
        <span className="em-muted">
          The current title could not be looked up: the console server could not be asked.
        </span>
        <br />
      </>
    );
  const title = knownTitle(name.data);
  if (title === carried) return null;
  return (
    <>
      <span className="em-muted" data-testid="current-title">
        {title === undefined ? nameProblem(name.data) : `Now titled “${title}”`}
      </span>
      <br />
    </>
  );
}

/** The topic's title, or what is known of it: the feed gives a topic by id only. */
function TopicName({ event }: { event: StoredEvent['event'] }) {
  const name = useTopicName(event);
  if (name.isPending) return <span className="em-muted">Looking up the title…</span>;
  if (name.isError)
    return (
      <span className="em-muted">Title not available: the console server could not be asked.</span>
    );
  const title = knownTitle(name.data);
  if (title !== undefined) return <span data-testid="topic-title">{title}</span>;
  return <span className="em-muted">{nameProblem(name.data)}</span>;
}

/** Copies to the clipboard and says whether it worked (the clipboard may be refused). */
function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="em-copy">
      <Button size="sm" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="em-copy__status">
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? 'The browser refused the clipboard: select the JSON and copy it'
            : ''}
      </span>
    </span>
  );
}

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{/^[0-9a-f-]{36}$/i.test(value) ? <code>{value}</code> : value}</dd>
    </>
  );
}

/** Courses link to their group's page (found through the course's structure); paths to theirs. */
function ResourceLink({
  type,
  id,
  title,
}: {
  type: 'course' | 'learningPath';
  id: string;
  title: string;
}) {
  if (type === 'learningPath')
    return (
      <Link to="/learning-paths" search={{ id }}>
        Open {title} in learning paths
      </Link>
    );
  return <CourseLink courseId={id} title={title} />;
}

function CourseLink({ courseId, title }: { courseId: string; title: string }) {
  const structure = useQuery({ ...courseQueries.structure(courseId), retry: false });
  if (structure.isPending) return <span className="em-muted">Finding the course group…</span>;
  if (structure.isError)
    return (
      <span className="em-muted">
        This course is not in the catalog any more, or could not be looked up.
      </span>
    );
  return (
    <Link
      to="/course-groups/$groupId"
      params={{ groupId: structure.data.courseGroupId }}
      search={{ course: courseId }}
    >
      Open {title} in the course browser
    </Link>
  );
}
