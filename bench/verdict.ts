// Targets as the benchmarks print them: PASS or FAIL, the figure, the target, a reference measured in
// the same run (so a figure taken on a busy machine can be read against one taken under the same
// load), and the machine's load average at that moment. run-all.ts repeats every verdict at the end.
import { cpus, loadavg } from 'node:os';

export interface Verdict {
  pass: boolean;
  line: string;
}

/** Every verdict printed in this process, in order. */
export const verdicts: Verdict[] = [];

export const loadAverage = () => loadavg()[0]!.toFixed(2);

export const machine = () => `${cpus().length} CPUs, load average ${loadAverage()}`;

/** Prints one target's verdict: `pass` decides it; `figure`, `target` and `reference` say why. */
export function verdict(
  name: string,
  pass: boolean,
  figure: string,
  target: string,
  reference: string,
): Verdict {
  const line =
    `${pass ? 'PASS' : 'FAIL'}  ${name}: ${figure} (target ${target}); ` +
    `reference: ${reference}; load average ${loadAverage()}`;
  console.log(line);
  const result = { pass, line };
  verdicts.push(result);
  return result;
}

/** The value at percentile `p` (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}
