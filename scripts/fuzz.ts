// `npm run fuzz [seconds]`: the fuzz tests of `npm test`, run longer (default 300 s, four fifths for the
// API fuzz and one fifth for streamed bodies; FUZZ_SEED replays a run), printing the request counts per
// target, kind and status class. Exits 1 on any 5xx, unanswered request, crash, key leak or error logged
// by the console.
import { formatSummary, runApiFuzz } from '../test/fuzz/api-fuzz.ts';
import { formatStreamSummary, runStreamFuzz } from '../test/fuzz/stream-fuzz.ts';

const seconds = Number(process.argv[2] ?? 300);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const log = (line: string) => console.log(line);
console.log(`API fuzz for ${seconds} s against a sandbox and a console server in front of it...`);
const api = await runApiFuzz({ timeLimitMs: seconds * 800, seed, log });
console.log(formatSummary(api));
const stream = await runStreamFuzz({ timeLimitMs: seconds * 200, seed, log });
console.log(formatStreamSummary(stream));
process.exit(api.failures.length === 0 && stream.failures.length === 0 ? 0 : 1);
