// Main-thread work per input event, read from a Chromium trace (for the editor benchmark). The page
// marks each event of interest with performance.mark(name) from a capturing listener; the work of
// event i is every task the renderer's main thread ran from the task that dispatched event i up to
// the task that dispatches event i + 1 (handlers, React's render and commit in their own scheduler
// tasks, the next frame's style, layout and paint). So n marks give n - 1 windows.
import type { Browser, Page } from 'playwright';

/** Trace categories: top-level tasks (with thread time) and performance marks; little overhead. */
const CATEGORIES = ['toplevel', 'blink.user_timing'];
const TASK = 'ThreadControllerImpl::RunTask';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

export interface EventWork {
  /** Main-thread CPU time per window (ms): the work itself, whatever else runs on the machine. */
  cpu: number[];
  /** Main-thread wall-clock time spent in tasks per window (ms): includes being preempted. */
  busy: number[];
}

export async function traceWork(
  browser: Browser,
  page: Page,
  mark: string,
  act: () => Promise<void>,
): Promise<EventWork> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const failure = await act().then(
    () => null,
    (error: unknown) => ({ error }),
  );
  const buffer = await browser.stopTracing(); // Always stopped: a browser traces one page at a time.
  if (failure) throw failure.error;
  const trace = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  return workPerMark(trace.traceEvents, mark);
}

export function workPerMark(events: readonly TraceEvent[], mark: string): EventWork {
  const marks = events.filter((e) => e.name === mark).sort((a, b) => a.ts - b.ts);
  if (marks.length < 2) throw new Error(`Trace has ${marks.length} "${mark}" marks`);
  const { pid, tid } = marks[0]!;
  const tasks: TraceEvent[] = [];
  let end = -Infinity;
  for (const e of events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === TASK && e.dur)
    .sort((a, b) => a.ts - b.ts)) {
    if (e.ts < end) continue; // A nested task (inside a nested run loop) is counted by its parent.
    tasks.push(e);
    end = e.ts + e.dur!;
  }
  const startOf = (ts: number) =>
    tasks.find((task) => task.ts <= ts && ts <= task.ts + task.dur!)?.ts ?? ts;
  const starts = marks.map((m) => startOf(m.ts));
  const cpu: number[] = [];
  const busy: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const [from, to] = [starts[i]!, starts[i + 1]!];
    let wall = 0;
    let thread = 0;
    for (const task of tasks) {
      const overlap = Math.min(to, task.ts + task.dur!) - Math.max(from, task.ts);
      if (overlap <= 0) continue;
      wall += overlap;
      thread += ((task.tdur ?? task.dur!) * overlap) / task.dur!;
    }
    busy.push(wall / 1000);
    cpu.push(thread / 1000);
  }
  return { cpu, busy };
}
