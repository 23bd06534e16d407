// Saved content the API cannot delete is set aside where learners never see it
// (docs/decisions/unused-container.md): a section titled "Unused", released on the last day of 9999,
// holding set-aside lessons and, in its "Unused" lesson, set-aside topics.
import type { SectionNode, TreeNode } from './schema.ts';

export const UNUSED_TITLE = 'Unused';
/** The release date of the "Unused" section: learners never reach it. */
export const UNUSED_RELEASE_DATE = '9999-12-31T00:00:00.000Z';

/** A section learners never see: released on the "Unused" date. */
export const isHiddenSection = (node: TreeNode): node is SectionNode =>
  node.kind === 'section' && (node.releaseDate ?? '').startsWith('9999-');
