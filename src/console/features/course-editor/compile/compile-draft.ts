// The draft's live validation and plan, and the messages that carry it to and from the worker.
import {
  compileCreate,
  compileUpdate,
  type Baseline,
  type CompileResult,
  type CourseDraft,
} from '#compiler/index.ts';

export function compileDraft(baseline: Baseline | null, draft: CourseDraft): CompileResult {
  return baseline ? compileUpdate(baseline, draft) : compileCreate([draft]);
}

export interface CompileRequest {
  draft: CourseDraft;
  /** Sent only when it changed: the worker keeps the last one (a course's is large and rarely new). */
  baseline?: Baseline | null;
}

export interface CompileResponse {
  result: CompileResult;
}
