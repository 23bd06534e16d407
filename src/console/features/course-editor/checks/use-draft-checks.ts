// The draft's checks, run in a worker (check-worker.ts) a pause after the last edit; only the latest
// draft's answer is kept. Where no worker runs (unit tests, a worker the browser refuses or that
// fails) they run here, after the pause as before.
import { startTransition, useEffect, useRef, useState } from 'react';
import { checkDraft } from '#compiler/checks/index.ts';
import type { CourseDraft } from '#compiler/index.ts';
import type { CheckFinding } from '#contract/console/course-checks.ts';

export interface CheckRequest {
  seq: number;
  draft: CourseDraft;
}
export interface CheckResponse {
  seq: number;
  findings: CheckFinding[];
}

function startCheckWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** `draft`: the draft once still for a pause. Null findings until the first answer. */
export function useDraftChecks(draft: CourseDraft): CheckFinding[] | null {
  const [answer, setAnswer] = useState<{ seq: number; findings: CheckFinding[] } | null>(null);
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const latest = useRef(draft);
  useEffect(() => {
    const started = startCheckWorker();
    worker.current = started;
    const accept = (response: CheckResponse) => {
      if (response.seq === seq.current) startTransition(() => setAnswer(response));
    };
    started?.addEventListener('message', (event: MessageEvent<CheckResponse>) =>
      accept(event.data),
    );
    started?.addEventListener('error', () => {
      started.terminate();
      worker.current = null;
      accept({ seq: seq.current, findings: checkDraft(latest.current).findings });
    });
    return () => {
      started?.terminate();
      worker.current = null;
    };
  }, []);
  useEffect(() => {
    latest.current = draft;
    const request: CheckRequest = { seq: ++seq.current, draft };
    if (worker.current) worker.current.postMessage(request);
    else setAnswer({ seq: request.seq, findings: checkDraft(draft).findings });
  }, [draft]);
  return answer?.findings ?? null;
}
