// A plan: the ordered requests that turn the server's state into the draft's. Steps that create
// entities are followed by a re-read of the course structure that binds the new server ids to draft
// nodes; later steps refer to those nodes through their binding keys, resolved when they run.
import type { CreateCoursesRequest, ParentField, TopicType, UpdateArray } from '#contract/index.ts';
import type { Issue } from '../issues.ts';

/** A server id known when the plan is compiled, or a binding key filled in while it runs. */
export type Ref = { id: string } | { key: string };

export type EntityLevel = 'section' | 'lesson' | 'topic';

/** One item of an update request, with its ids kept symbolic until the step runs. */
export interface PlanItem {
  array: UpdateArray;
  /** The draft node the item concerns (the course draft's client id for group and course items). */
  nodeId: string;
  /** The entity to update; absent when the item creates one. */
  target?: Ref;
  /** Parent reference: required to create, and a move when set on an update. */
  parent?: { field: ParentField; ref: Ref };
  /** The other wire fields, already in their final form. */
  fields: Record<string, unknown>;
  purpose: 'fields' | 'move' | 'order' | 'create';
}

/** An entity a step creates (or a create request produced), to be bound by a re-read. */
export interface NewEntity {
  /** Binding key: the draft node's client id (or an implicit container's key). */
  key: string;
  level: EntityLevel;
  parent: Ref;
  /** Checked against the re-read after binding; undefined skips the check. */
  title?: string;
  type?: TopicType;
}

interface StepBase {
  id: string;
  /** Human-readable phase, e.g. "New sections". */
  phase: string;
  description: string;
}

export interface CreateStep extends StepBase {
  kind: 'create';
  body: CreateCoursesRequest;
  /** Client ids of the course drafts, by index in `body.courseAttributes`. */
  drafts: string[];
}

export interface UpdateStep extends StepBase {
  kind: 'update';
  /** The course whose structure shows this step's effect (re-read to settle an unconfirmed send). */
  course: Ref;
  items: PlanItem[];
  /** Entities this step creates, in request order; the next step re-reads and binds them. */
  creates: NewEntity[];
}

export interface RereadStep extends StepBase {
  kind: 'reread';
  course: Ref;
  /** New entities to bind, parents before children. */
  bind: NewEntity[];
}

export type PlanStep = CreateStep | UpdateStep | RereadStep;

export interface Plan {
  id: string;
  steps: PlanStep[];
  /**
   * Server ids that existed when the plan was compiled. A re-read treats every other id under a
   * parent as new; with the ids bound by earlier steps this tells new children apart exactly.
   */
  knownIds: string[];
}

export interface CompileResult {
  plan: Plan;
  issues: Issue[];
}

/** Binding keys of the entities a create request makes for one course draft. */
export const bindingKeys = {
  course: (draftId: string) => draftId,
  group: (draftId: string) => `${draftId}#group`,
  implicitSection: (draftId: string) => `${draftId}#section`,
  implicitLesson: (draftId: string) => `${draftId}#lesson`,
  implicitTopic: (draftId: string) => `${draftId}#topic`,
};

export type Bindings = Readonly<Record<string, string>>;

export const refLabel = (ref: Ref): string => ('id' in ref ? ref.id : `<${ref.key}>`);
