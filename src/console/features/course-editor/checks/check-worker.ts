// Runs the draft's checks (the compiler's checkDraft, with its HTML scan) off the main thread: for a
// course of 2,000 topics they take tens of milliseconds warm and hundreds cold, which landed in the
// middle of a drag or between two keystrokes when they ran in the panel's render.
import '../compile/zod-jitless.ts';
import { checkDraft } from '#compiler/checks/index.ts';
import type { CheckRequest, CheckResponse } from './use-draft-checks.ts';

addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  const response: CheckResponse = {
    seq: event.data.seq,
    findings: checkDraft(event.data.draft).findings,
  };
  postMessage(response);
});
