// Compiles the draft off the main thread: for a course of thousands of nodes the validation and
// plan take tens of milliseconds, which would otherwise delay whatever the user does next.
import './zod-jitless.ts';
import type { Baseline } from '#compiler/index.ts';
import { compileDraft, type CompileRequest, type CompileResponse } from './compile-draft.ts';

let baseline: Baseline | null = null;

addEventListener('message', (event: MessageEvent<CompileRequest>) => {
  if ('baseline' in event.data) baseline = event.data.baseline ?? null;
  const response: CompileResponse = { result: compileDraft(baseline, event.data.draft) };
  postMessage(response);
});
