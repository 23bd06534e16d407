// Resolving a step's symbolic ids against the bindings made so far, and previewing a step's request.
import type { UpdateCoursesRequest } from '#contract/index.ts';
import type { Bindings, PlanItem, Ref, UpdateStep } from './types.ts';

export const refString = (ref: Ref): string => ('id' in ref ? `id:${ref.id}` : `key:${ref.key}`);

export function resolveRef(ref: Ref, bindings: Bindings): string | undefined {
  return 'id' in ref ? ref.id : bindings[ref.key];
}

export class UnboundRefError extends Error {
  override name = 'UnboundRefError';
  constructor(readonly key: string) {
    super(`No server id bound for ${key}`);
  }
}

function itemBody(item: PlanItem, resolve: (ref: Ref) => string): Record<string, unknown> {
  return {
    ...(item.target && { id: resolve(item.target) }),
    ...(item.parent && { [item.parent.field]: resolve(item.parent.ref) }),
    ...item.fields,
  };
}

function body(step: UpdateStep, resolve: (ref: Ref) => string): UpdateCoursesRequest {
  const attributes: Record<string, Record<string, unknown>[]> = {};
  for (const item of step.items) (attributes[item.array] ??= []).push(itemBody(item, resolve));
  return { courseAttributes: attributes };
}

/** The exact request body of an update step; throws UnboundRefError if a parent is not bound yet. */
export function updateRequestOf(step: UpdateStep, bindings: Bindings): UpdateCoursesRequest {
  return body(step, (ref) => {
    const id = resolveRef(ref, bindings);
    if (id === undefined) throw new UnboundRefError((ref as { key: string }).key);
    return id;
  });
}

/** The request body for display before running: unbound ids show as `<new:clientId>`. */
export function previewRequest(step: UpdateStep, bindings: Bindings = {}): UpdateCoursesRequest {
  return body(step, (ref) => resolveRef(ref, bindings) ?? `<new:${(ref as { key: string }).key}>`);
}
