// Compiles drafts in a worker, one at a time: while one compile runs, only the latest draft waits
// (those in between are never compiled). The baseline is sent only when it changes. Where no worker
// runs (unit tests, a worker the browser refuses or that fails) the compile runs here instead.
import type { Baseline, CompileResult, CourseDraft } from '#compiler/index.ts';
import { compileDraft, type CompileRequest, type CompileResponse } from './compile-draft.ts';

export interface CompileInput {
  baseline: Baseline | null;
  draft: CourseDraft;
}

/** The part of a Worker the compiler uses. */
export type CompileWorker = Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener'>;

export class DraftCompiler {
  private worker: CompileWorker | null;
  private busy = false;
  private queued: CompileInput | null = null;
  /** The baseline the worker holds (undefined: none sent yet). */
  private sentBaseline: Baseline | null | undefined = undefined;

  constructor(
    /** The input of the latest result asked for (the same input again needs no compile); null: none yet. */
    private latest: CompileInput | null,
    private readonly onResult: (result: CompileResult) => void,
    startWorker: () => CompileWorker | null = startCompileWorker,
  ) {
    this.worker = startWorker();
    this.worker?.addEventListener('message', (event) => {
      this.busy = false;
      this.onResult((event as MessageEvent<CompileResponse>).data.result);
      this.sendQueued();
    });
    this.worker?.addEventListener('error', () => {
      this.worker?.terminate();
      this.worker = null;
      this.busy = false;
      this.queued = this.latest;
      this.sendQueued();
    });
  }

  compile(input: CompileInput): void {
    if (input.draft === this.latest?.draft && input.baseline === this.latest.baseline) return;
    this.latest = input;
    this.queued = input;
    if (!this.busy) this.sendQueued();
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.queued = null;
  }

  private sendQueued(): void {
    const input = this.queued;
    if (!input) return;
    this.queued = null;
    if (!this.worker) {
      this.onResult(compileDraft(input.baseline, input.draft));
      return;
    }
    const request: CompileRequest = { draft: input.draft };
    if (input.baseline !== this.sentBaseline) request.baseline = this.sentBaseline = input.baseline;
    this.busy = true;
    this.worker.postMessage(request);
  }
}

function startCompileWorker(): CompileWorker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./compile-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}
