// Lectern's own messages for what the compiler finds beyond the API's rules (the API's messages are in
// src/contract/messages.ts and are used from there).
import { LIMITS } from '#contract/index.ts';

export const COMPILER_MESSAGES = {
  fieldNotForTopicType: (field: string, type: string) =>
    `Field '${field}' does not apply to topic type '${type}'`,
  alternateAssetTypeRequired:
    "assetType '<provider_alt>' is required when videoAsset is an alternate-provider id",
  // The API's limit is per course, not per lesson (spec 4.1: at most 100 sections, lessons and topics
  // together): the lesson named is where the plan's first request stops.
  splitCreate: (found: number, lesson: string | null) =>
    `The course has ${found} sections, lessons and topics; the API creates at most ${LIMITS.childrenPerCourse} with a course (all lessons together). The plan splits the work: it creates the course with the first ${LIMITS.childrenPerCourse}, then adds the other ${found - LIMITS.childrenPerCourse}${lesson === null ? '' : `, from lesson '${lesson}' on,`} with update requests`,
  updateOnlyOnCreate: (field: string) =>
    `'${field}' cannot be set on create; it is sent by an update once the course exists`,
  duplicateClientId: (id: string) => `Duplicate node id ${id}`,

  // Edits the update endpoint cannot express (spec 4.2).
  cannotDelete: (kind: string, title: string) =>
    `The saved ${kind} '${title}' cannot be deleted through the API; move it to an "Unused" container or create a new session instead`,
  cannotReorder: (kind: string, parent: string) =>
    `Saved ${kind}s cannot be reordered within their ${parent}; moved and new ${kind}s are added after them`,
  cannotChangeField: (field: string) =>
    `'${field}' cannot be changed through the API once the course exists`,
  cannotSetStatus: (status: string) =>
    `Status '${status}' cannot be set through update; use draft, published or archived`,
  cannotChangeKind: 'The kind of a saved course cannot be changed',
  implicitMissing: (what: string) => `The course as read from the server has no ${what}`,
  unknownServerNode: (kind: string, id: string) =>
    `The ${kind} ${id} is not part of the course as read from the server`,
  baselineMismatch: 'The draft belongs to a different course than the baseline',

  // Binding of new ids after a re-read.
  bindingCount: (parent: string, expected: number, found: number) =>
    `Cannot bind new children of ${parent}: expected ${expected} new, found ${found}`,
  bindingMismatch: (expected: string, found: string) =>
    `Cannot bind new node: expected ${expected}, found ${found}`,
  unclearCreation: (expected: number) =>
    `A request creating ${expected} entities was sent without an answer, and the course now shows only some of them; check the course before retrying`,
  missingParent: (ref: string) => `Parent ${ref} has no server id yet`,
  unverifiableCreate:
    'The create request was sent but its answer was not received, and it cannot be verified automatically; check the catalog before retrying',
} as const;
