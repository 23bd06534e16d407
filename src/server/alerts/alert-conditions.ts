// Whether one rule's condition holds now, the figure that says how much, and the sentence an alert
// carries (the console's list and the webhook's `text`). Reads go through the alerts repository: counts
// and latest times over the relay's stored events (by event time), and the relay's per-kind state.
import {
  countOfKind,
  KIND_PLURALS,
  type AlertCondition,
  type EventMatch,
} from '#contract/console/alerts.ts';
import type { EventKind } from '#contract/enums.ts';
import type {
  AlertRuleRow,
  AlertsRepository,
  EventCountFilter,
} from '../storage/alerts-repository.ts';

export interface Evaluation {
  holds: boolean;
  /** Events counted, or minutes without an event, behind or failing. */
  observed: number;
  /**
   * What happened, in a sentence (without the rule's name), with the words for the rule's course filter
   * (its title, alert-names.ts): asked for only when the alert fires, so evaluations ask no names.
   */
  text: (courseWords: string | null) => string;
  /** Since when a "failing" condition has been seen to hold (kept on the rule across evaluations). */
  pendingSince: number | null;
}

/** States of a kind's poller that mean the feed is failing (a 429 throttle is the feed's limit, not a failure). */
const FAILING_STATES = new Set(['error', 'retrying']);

const MINUTE = 60_000;
const wholeMinutes = (ms: number) => Math.max(0, Math.floor(ms / MINUTE));
const minutesWords = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

function countFilter(kind: EventKind, match: EventMatch): EventCountFilter {
  return {
    kind,
    learner: match.learner,
    course: match.course,
    passed: match.quizResult === undefined ? undefined : match.quizResult === 'passed',
  };
}

function matchSuffix(match: EventMatch, courseWords: string | null): string {
  const parts = [
    match.quizResult ? `${match.quizResult}` : '',
    match.learner ? `by learner “${match.learner}”` : '',
    match.course ? `in ${courseWords ?? match.course}` : '',
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

export async function evaluateCondition(
  condition: AlertCondition,
  rule: Pick<AlertRuleRow, 'armed_at' | 'pending_since'>,
  repo: AlertsRepository,
  now: number,
): Promise<Evaluation> {
  const windowMs = condition.windowMinutes * MINUTE;
  switch (condition.type) {
    case 'burst': {
      const count = await repo.countEvents(
        countFilter(condition.kind, condition.match),
        now - windowMs,
      );
      return {
        holds: count > condition.threshold,
        observed: count,
        text: (course) =>
          `${countOfKind(count, condition.kind)}${matchSuffix(condition.match, course)} within ${minutesWords(condition.windowMinutes)}, more than ${condition.threshold.toLocaleString('en')}.`,
        pendingSince: null,
      };
    }
    case 'silence': {
      const latest = await repo.latestEvent(countFilter(condition.kind, condition.match));
      // A rule never complains about the time before it was set up.
      const reference = Math.max(latest ?? 0, rule.armed_at);
      const silent = now - reference;
      const minutes = wholeMinutes(silent);
      return {
        holds: silent >= windowMs,
        observed: minutes,
        text: (course) =>
          latest === null || latest < rule.armed_at
            ? `No ${KIND_PLURALS[condition.kind]}${matchSuffix(condition.match, course)} for ${minutesWords(minutes)} (none since the rule was set up).`
            : `No ${KIND_PLURALS[condition.kind]}${matchSuffix(condition.match, course)} for ${minutesWords(minutes)}; the last one happened at ${new Date(latest).toISOString()}.`,
        pendingSince: null,
      };
    }
    case 'relayLag': {
      const kinds = (await repo.relayKinds()).filter(
        (row) => condition.kind === null || row.kind === condition.kind,
      );
      let worst: { kind: string; lag: number; since: number | null } | null = null;
      for (const row of kinds) {
        const lag = now - (row.last_success_at ?? rule.armed_at);
        if (!worst || lag > worst.lag) worst = { kind: row.kind, lag, since: row.last_success_at };
      }
      if (!worst) return { holds: false, observed: 0, text: () => '', pendingSince: null };
      const minutes = wholeMinutes(worst.lag);
      return {
        holds: worst.lag > windowMs,
        observed: minutes,
        text: () =>
          `The relay is ${minutesWords(minutes)} behind on ${KIND_PLURALS[worst.kind as EventKind] ?? worst.kind}: ${worst.since === null ? 'no complete poll yet' : `no complete poll since ${new Date(worst.since).toISOString()}`}.`,
        pendingSince: null,
      };
    }
    case 'kindFailing': {
      const failing = (await repo.relayKinds()).filter(
        (row) =>
          (condition.kind === null || row.kind === condition.kind) &&
          FAILING_STATES.has(row.state ?? ''),
      );
      if (failing.length === 0)
        return { holds: false, observed: 0, text: () => '', pendingSince: null };
      const since = rule.pending_since ?? now;
      const minutes = wholeMinutes(now - since);
      const first = failing[0]!;
      const names = failing.map((row) => KIND_PLURALS[row.kind as EventKind] ?? row.kind);
      return {
        holds: now - since >= windowMs,
        observed: minutes,
        text: () =>
          `The relay has been failing to poll ${names.join(', ')} for ${minutesWords(minutes)}${first.last_error ? ` (last error: ${first.last_error})` : ''}.`,
        pendingSince: since,
      };
    }
  }
}
