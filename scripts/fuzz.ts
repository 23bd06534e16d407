// `npm run fuzz [seconds]`: the API fuzz test of `npm test`, run longer (default 300 s; FUZZ_SEED replays a
// run), printing the request counts per target and status class. Exits 1 on any 5xx, unanswered request,
// key leak or error logged by the console.
import { formatSummary, runApiFuzz } from '../test/fuzz/api-fuzz.ts';

const seconds = Number(process.argv[2] ?? 300);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
console.log(`API fuzz for ${seconds} s against a sandbox and a console server in front of it...`);
const summary = await runApiFuzz({
  timeLimitMs: seconds * 1000,
  seed,
  log: (line) => console.log(line),
});
console.log(formatSummary(summary));
process.exit(summary.failures.length === 0 ? 0 : 1);
