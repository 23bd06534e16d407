// The monitor's URL search params, validated (a hand-edited or stale link falls back to "no filter",
// never to an error page). Kept apart from the rest of the feature: the route's definition imports it
// eagerly, everything else loads with the route's chunk.
import { z } from 'zod';
import { EVENT_KINDS } from '#contract/enums.ts';

/** The router parses `?learner=123` as a number; filters are text, whatever they look like. */
const text = (max: number) =>
  z
    .union([z.string(), z.number(), z.boolean()])
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1).max(max));

const isoTime = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)))
  .transform((value) => new Date(value).toISOString());

/** `kinds=quizAttempt,courseCompletion`: unknown names are dropped, order and repeats normalized. */
const kindList = z.string().transform((value) => {
  const wanted = new Set(value.split(',').map((item) => item.trim()));
  const kinds = EVENT_KINDS.filter((kind) => wanted.has(kind));
  return kinds.length > 0 && kinds.length < EVENT_KINDS.length ? kinds.join(',') : undefined;
});

export const MonitorSearch = z.object({
  kinds: kindList.optional().catch(undefined),
  learner: text(320).optional().catch(undefined),
  /** Course or learning path id. */
  course: z.uuid().optional().catch(undefined),
  from: isoTime.optional().catch(undefined),
  to: isoTime.optional().catch(undefined),
  /** Free text: the server searches the whole stored history (event-search.ts). */
  q: text(200).optional().catch(undefined),
});
export type MonitorSearchInput = z.input<typeof MonitorSearch>;
export type MonitorSearchParams = z.output<typeof MonitorSearch>;
