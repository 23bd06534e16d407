// The editor's compile scheduling: one compile at a time in the worker, only the latest draft
// waiting, the baseline sent once, and the same compile on the main thread when the worker fails
// or there is none.
import { describe, expect, it } from 'vitest';
import {
  newCourseDraft,
  sequentialIds,
  type Baseline,
  type CompileResult,
  type CourseDraft,
} from '#compiler/index.ts';
import { compileDraft, type CompileRequest } from './compile-draft.ts';
import { DraftCompiler, type CompileWorker } from './draft-compiler.ts';

/** A worker that answers only when told to, with a result naming the draft it compiled. */
class FakeWorker extends EventTarget implements CompileWorker {
  requests: CompileRequest[] = [];
  terminated = false;
  postMessage(request: CompileRequest): void {
    this.requests.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(): void {
    const { draft } = this.requests.at(-1)!;
    const result = {
      plan: { id: draft.attributes.title ?? '', steps: [], knownIds: [] },
      issues: [],
    };
    this.dispatchEvent(new MessageEvent('message', { data: { result } }));
  }
  fail(): void {
    this.dispatchEvent(new Event('error'));
  }
}

const ids = sequentialIds();
const draft = (title: string): CourseDraft => newCourseDraft('microCourse', title, ids);
const titles = (results: CompileResult[]) => results.map((r) => r.plan.id);
/** A result without its plan's random id, for comparing two compiles of one draft. */
const content = ({ issues, plan }: CompileResult) => ({ issues, steps: plan.steps });

function setup(first: CourseDraft, worker: FakeWorker | null = new FakeWorker()) {
  const results: CompileResult[] = [];
  const compiler = new DraftCompiler(
    { baseline: null, draft: first },
    (result) => results.push(result),
    () => worker,
  );
  return { compiler, results, worker: worker! };
}

describe('DraftCompiler', () => {
  it('with no result yet (a large draft opening), compiles the first draft it is given', () => {
    const worker = new FakeWorker();
    const results: CompileResult[] = [];
    const compiler = new DraftCompiler(
      null,
      (result) => results.push(result),
      () => worker,
    );
    const first = draft('large');
    compiler.compile({ baseline: null, draft: first });
    expect(worker.requests).toEqual([{ draft: first, baseline: null }]);
    worker.answer();
    expect(titles(results)).toEqual(['large']);
    // The same draft again is not compiled twice.
    compiler.compile({ baseline: null, draft: first });
    expect(worker.requests).toHaveLength(1);
  });

  it('compiles one draft at a time and then only the latest one', () => {
    const { compiler, results, worker } = setup(draft('d0'));
    compiler.compile({ baseline: null, draft: draft('d1') });
    compiler.compile({ baseline: null, draft: draft('d2') });
    compiler.compile({ baseline: null, draft: draft('d3') });
    expect(worker.requests.map((r) => r.draft.attributes.title)).toEqual(['d1']);
    worker.answer();
    expect(worker.requests.map((r) => r.draft.attributes.title)).toEqual(['d1', 'd3']);
    worker.answer();
    expect(titles(results)).toEqual(['d1', 'd3']);
  });

  it('skips a draft it already compiled and sends the baseline only when it changes', () => {
    const first = draft('d0');
    const { compiler, worker } = setup(first);
    compiler.compile({ baseline: null, draft: first });
    expect(worker.requests).toEqual([]);
    const baseline = { course: { id: 'c1' } } as unknown as Baseline;
    compiler.compile({ baseline, draft: draft('d1') });
    worker.answer();
    compiler.compile({ baseline, draft: draft('d2') });
    worker.answer();
    const fresh = { course: { id: 'c1' } } as unknown as Baseline;
    compiler.compile({ baseline: fresh, draft: draft('d3') });
    expect(worker.requests.map((r) => 'baseline' in r)).toEqual([true, false, true]);
    expect(worker.requests[2]!.baseline).toBe(fresh);
  });

  it('compiles here when the worker fails, starting with the draft it was compiling', () => {
    const { compiler, results, worker } = setup(draft('d0'));
    const d1 = draft('d1');
    compiler.compile({ baseline: null, draft: d1 });
    worker.fail();
    expect(worker.terminated).toBe(true);
    const d2 = draft('d2');
    compiler.compile({ baseline: null, draft: d2 });
    expect(results.map(content)).toEqual([d1, d2].map((d) => content(compileDraft(null, d))));
    expect(results[0]!.issues).toEqual([]);
  });

  it('compiles here, at once, without a worker', () => {
    const { compiler, results } = setup(draft('d0'), null);
    const untitled = draft('');
    compiler.compile({ baseline: null, draft: untitled });
    expect(results.map(content)).toEqual([content(compileDraft(null, untitled))]);
    expect(results[0]!.issues.map((i) => i.field)).toContain('title');
  });

  it('stops answering once disposed', () => {
    const { compiler, results, worker } = setup(draft('d0'));
    compiler.compile({ baseline: null, draft: draft('d1') });
    compiler.dispose();
    expect(worker.terminated).toBe(true);
    compiler.compile({ baseline: null, draft: draft('d2') });
    expect(results).toHaveLength(0);
  });
});
