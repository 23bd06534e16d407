// Reading the API's answer to a step: ids produced, warnings, or an error at the nodes it concerns.
import { MESSAGES, isPlainObject } from '#contract/index.ts';
import type { Issue } from '../issues.ts';
import type { CreatedIds, TransportResponse } from './transport.ts';
import { messagesOf, serverIssues } from './server-errors.ts';
import { bindingKeys, type Bindings, type CreateStep, type PlanStep } from '../plan/types.ts';

/** Spec 7.2: the content was saved, only its files were not queued. */
const PENDING_JOBS_PREFIX = MESSAGES.tooManyPendingJobs(0).split(' (')[0]!;

export type StepResult =
  | { kind: 'confirmed'; produced: Record<string, string>; warnings?: Issue[] }
  /** `keepSent`: the step may have taken effect, so a resumed run must settle it, never resend it. */
  | { kind: 'failed'; error: string; issues: Issue[]; keepSent?: boolean }
  | { kind: 'interrupted'; error: string };

export function bindingFailure(
  nodeId: string,
  message: string,
): Extract<StepResult, { kind: 'failed' }> {
  return {
    kind: 'failed',
    error: message,
    issues: [{ nodeId, message, severity: 'error', code: 'binding' }],
  };
}

/** Retry-After in seconds or as an HTTP date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number {
  if (value === null || value === undefined || value.trim() === '') return 1000;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

export function answer(
  step: PlanStep,
  response: TransportResponse | undefined,
  bindings: Bindings,
): StepResult {
  if (!response) return { kind: 'interrupted', error: 'Still throttled (429) after retries' };
  const { status, body } = response;
  if (status >= 200 && status < 300) {
    if (step.kind === 'create') return createdIds(step, body, []);
    return { kind: 'confirmed', produced: {} };
  }
  if (status === 400) {
    const messages = messagesOf(status, body);
    if (messages.some((m) => m.startsWith(PENDING_JOBS_PREFIX))) {
      // Saved, files not queued: confirming keeps the entities from being created twice.
      const warnings = serverIssues(step, status, body, bindings).map((issue) => ({
        ...issue,
        severity: 'warning' as const,
      }));
      if (step.kind !== 'create') return { kind: 'confirmed', produced: {}, warnings };
      if (isPlainObject(body) && Array.isArray(body.courseIds))
        return createdIds(step, body, warnings);
      return { kind: 'failed', error: messages.join('\n'), issues: warnings };
    }
    return {
      kind: 'failed',
      error: messages.join('\n'),
      issues: serverIssues(step, status, body, bindings),
    };
  }
  if (status >= 500 || status === 0)
    return { kind: 'interrupted', error: `The API answered ${status}; the outcome is unknown` };
  return {
    kind: 'failed',
    error: `The API answered ${status}`,
    issues: serverIssues(step, status, body, bindings),
  };
}

export function createdIds(step: CreateStep, body: unknown, warnings: Issue[]): StepResult {
  const ids = body as Partial<CreatedIds> | undefined;
  const courseIds = ids?.courseIds ?? [];
  const groupIds = ids?.courseGroupIds ?? [];
  if (courseIds.length !== step.drafts.length || groupIds.length !== step.drafts.length)
    return {
      kind: 'failed',
      error: 'The create answer does not list one id per course',
      issues: warnings,
    };
  const produced: Record<string, string> = {};
  step.drafts.forEach((draftId, i) => {
    produced[bindingKeys.course(draftId)] = courseIds[i]!;
    produced[bindingKeys.group(draftId)] = groupIds[i]!;
  });
  return { kind: 'confirmed', produced, warnings };
}
