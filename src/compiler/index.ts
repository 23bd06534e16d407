// Lectern's course compiler: drafts, validation, create and update plans, and the plan executor.
// Plain TypeScript: no React, no I/O (the transport and the journal are injected). The folders follow
// the flow: draft/ -> validate.ts -> plan/ (create/, update/) -> execute/ (see README.md).
export * from './ids.ts';
export * from './issues.ts';
export * from './messages.ts';
export * from './draft/schema.ts';
export * from './draft/factory.ts';
export * from './draft/tree-ops.ts';
export * from './draft/file.ts';
export * from './draft/unused.ts';
export { courseAttributesOf, locatePath } from './draft/to-attributes.ts';
export { validateDraft } from './validate.ts';
export {
  compileCreate,
  compileUpdate,
  type CompileCreateOptions,
  type CompileUpdateOptions,
} from './compile.ts';
export { PHASES } from './plan/phases.ts';
export { draftFromBaseline, type Baseline } from './update/baseline.ts';
export { normalizeOrder } from './update/normalize-order.ts';
export { placementRule, type PlacementRule } from './update/placement.ts';
export {
  rebaseDraft,
  sameValue,
  serverChanges,
  type ChangeKind,
  type Choice,
  type Choices,
  type ServerChange,
} from './update/rebase.ts';
export * from './plan/types.ts';
export { previewRequest, updateRequestOf } from './plan/refs.ts';
export { applyBindings } from './plan/apply-bindings.ts';
export * from './execute/journal.ts';
export * from './execute/executor.ts';
export { matchCreatedGroups, CLOCK_SKEW_MS } from './execute/find-created.ts';
// The course checks: #compiler/checks/index.ts.
export {
  diffVersions,
  isEmptyDiff,
  placeVersions,
  type PlacedVersions,
} from './history/version-diff.ts';
export { compareRows, type CompareOptions } from './history/compare-rows.ts';
export { restoreTarget, type RestoreNote, type RestoreTarget } from './history/restore-target.ts';
