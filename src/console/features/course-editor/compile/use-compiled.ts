// The draft's live problems and plan. Compiled in a worker (draft-compiler.ts) once the draft has
// been still for a moment; the result renders as a transition. So neither the compile of a large
// course (tens of milliseconds) nor rendering its result ever delays a keystroke.
// The first result of a small draft is compiled here, so the panels open complete; a large one's
// first compile goes to the worker, started just after the outline paints, and the panels say
// "Checking…" until it answers, so opening a 2,000-node course does not wait for it.
import { startTransition, useEffect, useRef, useState } from 'react';
import type { Baseline, CompileResult, CourseDraft } from '#compiler/index.ts';
import { afterNextPaint } from '../../../lib/after-next-paint.ts';
import { compileDraft } from './compile-draft.ts';
import { DraftCompiler, type CompileInput } from './draft-compiler.ts';

const SETTLE_MS = 150;
/** Above this many outline nodes the first compile is left to the worker. */
const COMPILED_HERE_UP_TO = 300;

/** A compile result; `pending` while the first one of a large draft is still in the worker. */
export type LiveCompile = CompileResult & { pending?: true };

function nodeCount(draft: CourseDraft): number {
  if (draft.kind === 'courseGroup')
    return draft.sections.reduce(
      (n, s) => n + 1 + s.lessons.reduce((m, l) => m + 1 + l.topics.length, 0),
      0,
    );
  return draft.kind === 'microCourse' ? draft.topics.length : 1;
}

export function useCompiled(draft: CourseDraft, baseline: Baseline | null): LiveCompile {
  const [result, setResult] = useState<LiveCompile>(() =>
    nodeCount(draft) > COMPILED_HERE_UP_TO
      ? { plan: { id: 'pending', steps: [], knownIds: [] }, issues: [], pending: true }
      : compileDraft(baseline, draft),
  );
  const compiler = useRef<DraftCompiler | null>(null);
  const first = useRef<CompileInput>({ baseline, draft });
  /** The draft in hand, for the compiler that starts after the first paint. */
  const latest = useRef<CompileInput | null>(null);
  useEffect(() => {
    latest.current = { baseline, draft };
  });
  const pendingAtMount = useRef(result.pending === true);
  useEffect(() => {
    // The worker starts once the outline has painted: its script and the compiler in it load and
    // compile on the machine's other core meanwhile, which the first frame needs. A large draft's first
    // compile is sent then too (handing the worker the draft and the baseline clones them on this
    // thread); a small one's first result was compiled in the first render.
    const cancel = afterNextPaint(() => {
      compiler.current = new DraftCompiler(pendingAtMount.current ? null : first.current, (next) =>
        startTransition(() => setResult(next)),
      );
      compiler.current.compile(latest.current ?? first.current);
    });
    return () => {
      cancel();
      compiler.current?.dispose();
      compiler.current = null;
    };
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => compiler.current?.compile({ baseline, draft }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [baseline, draft]);
  return result;
}
