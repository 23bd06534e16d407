// Runs a plan through an injected transport, step by step, journaling each step pending -> sent ->
// confirmed with the ids it produced. A resumed run skips confirmed steps and settles a step left
// "sent" (its answer never arrived) before anything is resent: a re-read shows whether a creating
// update took effect (then it is confirmed without resending, so nothing is created twice); field
// updates, moves and re-reads are idempotent and simply run again; a create request is resent only
// when the transport can prove it did not take effect.
import { ENDPOINTS } from '#contract/index.ts';
import type { Issue } from '../issues.ts';
import { newJournalRecord, type Journal, type JournalStep, type StepStatus } from './journal.ts';
import { COMPILER_MESSAGES as M } from '../messages.ts';
import { bindNewEntities, creationState } from './binding.ts';
import { resolveRef, updateRequestOf } from '../plan/refs.ts';
import { answer, bindingFailure, createdIds, retryAfterMs, type StepResult } from './answers.ts';
import type { Bindings, Plan, PlanStep, Ref } from '../plan/types.ts';
import type { Transport, TransportResponse, WireRequest } from './transport.ts';

export { retryAfterMs };
export type { CreatedIds, Transport, TransportResponse, WireRequest } from './transport.ts';

export interface ProgressEvent {
  index: number;
  total: number;
  step: PlanStep;
  status: StepStatus | 'running' | 'settling' | 'throttled';
}

export interface ExecuteOptions {
  transport: Transport;
  journal: Journal;
  onProgress?: (event: ProgressEvent) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** 429 answers tolerated per step before the run stops (resumable). */
  maxThrottleRetries?: number;
}

export interface ExecuteResult {
  outcome: 'completed' | 'failed' | 'interrupted';
  /** Binding key -> server id for everything the plan created or bound. */
  bindings: Bindings;
  /** Errors of the failed step, or warnings of confirmed ones (files not queued). */
  issues: Issue[];
  /** Index of the step that failed or was interrupted. */
  stepIndex?: number;
  error?: string;
}

const pathOf = (operationId: string) => ENDPOINTS.find((e) => e.operationId === operationId)!.path;
const CREATE_PATH = pathOf('createCourses');
const UPDATE_PATH = pathOf('updateCourses');
export async function executePlan(plan: Plan, options: ExecuteOptions): Promise<ExecuteResult> {
  const { transport, journal } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const record = (await journal.load(plan.id)) ?? newJournalRecord(plan.id, plan.steps.length);
  if (record.steps.length !== plan.steps.length)
    throw new Error(
      `Journal of plan ${plan.id} has ${record.steps.length} steps, the plan ${plan.steps.length}`,
    );
  const known = new Set(plan.knownIds);
  const bindings: Record<string, string> = {};
  const warnings: Issue[] = [];
  const total = plan.steps.length;

  for (const [index, step] of plan.steps.entries()) {
    const entry = record.steps[index]!;
    const progress = (status: ProgressEvent['status']) =>
      options.onProgress?.({ index, total, step, status });
    if (entry.status === 'confirmed') {
      Object.assign(bindings, entry.producedIds);
      warnings.push(...(entry.issues ?? []));
      continue;
    }
    const markSent = async () => {
      entry.status = 'sent';
      entry.sentAt = new Date(now()).toISOString();
      await journal.save(record);
      progress('sent');
    };
    progress(entry.status === 'sent' ? 'settling' : 'running');
    let result: StepResult;
    try {
      result = await runStep(step, entry, {
        transport,
        bindings,
        known,
        markSent,
        sleep,
        progress,
        maxThrottleRetries: options.maxThrottleRetries ?? 5,
      });
    } catch (error) {
      result = { kind: 'interrupted', error: (error as Error).message ?? String(error) };
    }
    if (result.kind === 'confirmed') {
      entry.status = 'confirmed';
      entry.producedIds = result.produced;
      entry.error = null;
      entry.issues = result.warnings ?? [];
      Object.assign(bindings, result.produced);
      warnings.push(...entry.issues);
      await journal.save(record);
      progress('confirmed');
      continue;
    }
    entry.error = result.error;
    if (result.kind === 'failed') {
      entry.status = result.keepSent ? 'sent' : 'failed';
      entry.issues = result.issues;
    }
    await journal.save(record);
    progress(entry.status);
    return {
      outcome: result.kind,
      bindings,
      issues: result.kind === 'failed' ? result.issues : [],
      stepIndex: index,
      error: result.error,
    };
  }
  return { outcome: 'completed', bindings, issues: warnings };
}

interface StepContext {
  transport: Transport;
  bindings: Bindings;
  known: ReadonlySet<string>;
  markSent(): Promise<void>;
  sleep(ms: number): Promise<void>;
  progress(status: ProgressEvent['status']): void;
  maxThrottleRetries: number;
}

function courseIdOf(ref: Ref, bindings: Bindings): string {
  const id = resolveRef(ref, bindings);
  if (id === undefined) throw new Error(M.missingParent(JSON.stringify(ref)));
  return id;
}

async function runStep(step: PlanStep, entry: JournalStep, ctx: StepContext): Promise<StepResult> {
  const { transport, bindings, known } = ctx;
  if (step.kind === 'reread') {
    await ctx.markSent();
    const structure = await transport.readStructure(courseIdOf(step.course, bindings));
    const bound = bindNewEntities(structure, step.bind, known, bindings);
    if (bound.ok) return { kind: 'confirmed', produced: bound.produced };
    return bindingFailure(bound.nodeId, bound.message);
  }

  if (step.kind === 'update') {
    if (entry.status === 'sent' && step.creates.length > 0) {
      const structure = await transport.readStructure(courseIdOf(step.course, bindings));
      const state = creationState(structure, step.creates, known, bindings);
      if (state === 'applied') return { kind: 'confirmed', produced: {} };
      if (state === 'unclear')
        return {
          ...bindingFailure(step.creates[0]!.key, M.unclearCreation(step.creates.length)),
          keepSent: true,
        };
    }
    const body = updateRequestOf(step, bindings);
    return answer(
      step,
      await send(ctx, { method: 'PUT', path: UPDATE_PATH, body }, step),
      bindings,
    );
  }

  if (entry.status === 'sent') {
    const found = transport.findCreated
      ? await transport.findCreated(step, entry.sentAt)
      : 'unknown';
    if (found === 'unknown')
      return {
        ...bindingFailure(step.drafts[0] ?? '', M.unverifiableCreate),
        keepSent: true,
      };
    if (found !== 'absent') return createdIds(step, found, []);
  }
  const response = await send(ctx, { method: 'POST', path: CREATE_PATH, body: step.body }, step);
  return answer(step, response, bindings);
}

async function send(
  ctx: StepContext,
  request: WireRequest,
  step: PlanStep,
): Promise<TransportResponse | undefined> {
  for (let attempt = 0; ; attempt++) {
    await ctx.markSent();
    const response = await ctx.transport.send(request, step);
    if (response.status !== 429) return response;
    if (attempt >= ctx.maxThrottleRetries) return undefined;
    ctx.progress('throttled');
    await ctx.sleep(retryAfterMs(response.retryAfter));
  }
}
