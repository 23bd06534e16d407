// The draft's live problems and plan. Compiled in a worker (draft-compiler.ts) once the draft has
// been still for a moment; the result renders as a transition. So neither the compile of a large
// course (tens of milliseconds) nor rendering its result ever delays a keystroke.
import { startTransition, useEffect, useRef, useState } from 'react';
import type { Baseline, CompileResult, CourseDraft } from '#compiler/index.ts';
import { compileDraft } from './compile-draft.ts';
import { DraftCompiler, type CompileInput } from './draft-compiler.ts';

const SETTLE_MS = 150;

export function useCompiled(draft: CourseDraft, baseline: Baseline | null): CompileResult {
  const [result, setResult] = useState(() => compileDraft(baseline, draft));
  const compiler = useRef<DraftCompiler | null>(null);
  const first = useRef<CompileInput>({ baseline, draft });
  useEffect(() => {
    const instance = new DraftCompiler(first.current, (next) =>
      startTransition(() => setResult(next)),
    );
    compiler.current = instance;
    return () => instance.dispose();
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => compiler.current?.compile({ baseline, draft }), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [baseline, draft]);
  return result;
}
