// One row of the list: when, what kind, who, and what happened, in one line of fixed height.
import type { StoredEvent } from '../data/event-model.ts';
import { EVENT_KIND_LABELS } from '../../../lib/labels/events.ts';
import { learnerName, resourceOf } from '../data/event-model.ts';
import { describeAction } from '../data/event-summary.ts';
import { knownTitle, useTopicName } from '../data/names.ts';
import { once } from '../../../lib/once.ts';

const timeFormat = once(
  () => new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
);
const dateTimeFormat = once(
  () =>
    new Intl.DateTimeFormat('en', {
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);

export function formatEventTime(timestamp: number, now = Date.now()): string {
  const sameDay = new Date(timestamp).toDateString() === new Date(now).toDateString();
  return (sameDay ? timeFormat() : dateTimeFormat()).format(timestamp);
}

export interface EventRowProps {
  item: StoredEvent;
  id: string;
  start: number;
  position: number;
  setSize: number;
  active: boolean;
  onOpen(item: StoredEvent): void;
  onActivate(seq: number): void;
}

export function EventRow({
  item,
  id,
  start,
  position,
  setSize,
  active,
  onOpen,
  onActivate,
}: EventRowProps) {
  const { event } = item;
  const resource = resourceOf(event);
  const topic = knownTitle(useTopicName(event).data);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-posinset={position}
      aria-setsize={setSize}
      className="em-row"
      data-kind={event.kind}
      data-event-id={event.id}
      style={{ transform: `translateY(${start}px)` }}
      onClick={() => {
        onActivate(item.seq);
        onOpen(item);
      }}
    >
      <time className="em-row__time" dateTime={new Date(event.timestamp).toISOString()}>
        {formatEventTime(event.timestamp)}
      </time>
      <span className="em-row__kind">{EVENT_KIND_LABELS[event.kind]}</span>
      <span className="em-row__learner" title={event.learner.email}>
        {learnerName(event)}
      </span>
      <span className="em-row__what" title={resource.title}>
        {describeAction(event, topic)}
      </span>
    </div>
  );
}
