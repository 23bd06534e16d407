// Where the API can put a lesson or topic among its siblings, asked before a move is made: saved
// children that stay in their parent keep their saved order and come first, and moved-in and new
// children are appended after them (plan/order.ts). The editor refuses a drop, a move up or down or a
// "Move to…" that would place a child where the plan could not, with the compiler's own message.
import type { TreeDraft } from '../draft/schema.ts';
import { childrenOf, findNode } from '../draft/tree-ops.ts';
import { analyseOrder } from '../plan/order.ts';
import { implicitOf, type Baseline } from './baseline.ts';
import { indexStructure, indexedFor, type StructureIndex } from './structure-index.ts';

export interface PlacementRule {
  /** Client ids of the children of `parentId` (null: the root) the API cannot put where they are. */
  misplacedIn(draft: TreeDraft, parentId: string | null): Set<string>;
}

/** Without a saved course every order can be created as drawn. */
const ANY_ORDER: PlacementRule = { misplacedIn: () => new Set() };

export function placementRule(baseline: Baseline | null, kind: TreeDraft['kind']): PlacementRule {
  if (!baseline) return ANY_ORDER;
  const rootLesson = kind === 'microCourse' ? implicitOf(baseline.structure).lesson?.id : undefined;
  let index: StructureIndex | undefined;
  return {
    misplacedIn(draft, parentId) {
      const parent = parentId === null ? null : findNode(draft, parentId);
      if (parent === undefined) return new Set();
      // Sections are put in any order (displayOrder).
      if (parent === null && draft.kind === 'courseGroup') return new Set();
      const parentServerId = parent === null ? rootLesson : parent.serverId;
      if (parentServerId === undefined) return new Set();
      index ??= indexStructure(baseline.structure, rootLesson);
      const children = childrenOf(parent ?? draft).map((child) => {
        const saved = indexedFor(index!, child);
        return {
          key: child.clientId,
          ...(saved?.parentId === parentServerId && { stayIndex: saved.index }),
        };
      });
      return analyseOrder(children).misplaced;
    },
  };
}
