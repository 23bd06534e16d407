// This server's Prometheus metrics (prom-client): one registry per console server (tests run several in
// one process), passed to services through deps as `metrics`. A service adds its own series with
//
//   const runs = deps.metrics.counter('lectern_schedule_runs_total', 'Scheduled runs, by outcome.', ['outcome']);
//   runs.inc({ outcome: 'published' });
//
// or a gauge read at each scrape: `metrics.gauge(name, help, [], () => value)`. Names start with
// `lectern_` and say their unit (`_seconds`, `_total`, `_bytes`); labels take few values (route
// templates, kinds, outcomes), never ids, emails or raw URLs. docs/operations/metrics.md lists them.
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';

/** Seconds: from a cached proxy read (a millisecond) to an upstream call at its time limit. */
export const LATENCY_BUCKETS = [
  0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
] as const;

type Read<L extends string> = () =>
  | number
  | Promise<number>
  | readonly (readonly [LabelValues<L>, number])[]
  | Promise<readonly (readonly [LabelValues<L>, number])[]>;

export interface Metrics {
  readonly registry: Registry;
  counter<L extends string = never>(name: string, help: string, labels?: readonly L[]): Counter<L>;
  histogram<L extends string = never>(
    name: string,
    help: string,
    labels?: readonly L[],
    buckets?: readonly number[],
  ): Histogram<L>;
  /**
   * A gauge; with `read`, its value is read at each scrape: a number, or `[labels, value]` pairs (the
   * series not listed are dropped, so a kind that went away disappears).
   */
  gauge<L extends string = never>(
    name: string,
    help: string,
    labels?: readonly L[],
    read?: Read<L>,
  ): Gauge<L>;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

const NAME = /^lectern_[a-z0-9_]+$/;

export function createMetrics(options: { processMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // Node's own series (CPU, memory, event loop lag, GC, handles) under their usual names.
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry });
  const named = (name: string) => {
    if (!NAME.test(name)) throw new Error(`metric ${name}: names start with lectern_ (snake_case)`);
    return name;
  };
  return {
    registry,
    counter: (name, help, labels = []) =>
      new Counter({ name: named(name), help, labelNames: labels, registers: [registry] }),
    histogram: (name, help, labels = [], buckets = LATENCY_BUCKETS) =>
      new Histogram({
        name: named(name),
        help,
        labelNames: labels,
        buckets: [...buckets],
        registers: [registry],
      }),
    gauge<L extends string = never>(
      name: string,
      help: string,
      labels: readonly L[] = [],
      read?: Read<L>,
    ) {
      return new Gauge<L>({
        name: named(name),
        help,
        labelNames: labels,
        registers: [registry],
        ...(read && {
          async collect(this: Gauge<L>) {
            const value = await read();
            if (typeof value === 'number') return void this.set(value);
            this.reset();
            for (const [labelValues, number] of value) this.set(labelValues, number);
          },
        }),
      });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
