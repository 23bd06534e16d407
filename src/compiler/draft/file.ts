// Draft import/export as a versioned JSON document, so courses can be kept in version control.
import { z } from '#contract/zod.ts';
import { formatPath } from '#contract/index.ts';
import { detailOfZodIssue, plainDetail } from '../issues.ts';
import { allNodes } from './tree-ops.ts';
import { CourseDraftSchema, isTreeDraft, type CourseDraft } from './schema.ts';

export const DRAFT_FILE_VERSION = 1;

export const DraftFileSchema = z.strictObject({
  version: z.literal(DRAFT_FILE_VERSION),
  draft: CourseDraftSchema,
});
export type DraftFile = z.infer<typeof DraftFileSchema>;

export function serializeDraft(draft: CourseDraft): string {
  const file: DraftFile = { version: DRAFT_FILE_VERSION, draft };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export type ParsedDraft = { ok: true; draft: CourseDraft } | { ok: false; errors: string[] };

/** Parse a draft file. Errors name the JSON path (`draft.sections[0].title: ...`). */
export function parseDraftFile(text: string): ParsedDraft {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`Not valid JSON: ${(error as Error).message}`] };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof json === 'object' && json !== null && version !== DRAFT_FILE_VERSION)
    return { ok: false, errors: [`Unsupported draft file version: ${String(version)}`] };
  const parsed = DraftFileSchema.safeParse(json, { reportInput: true });
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.map(
        (issue) =>
          `${formatPath(issue.path) || 'The file'} ${plainDetail(detailOfZodIssue(issue))}`,
      ),
    };
  const draft = parsed.data.draft;
  const duplicate = duplicateClientId(draft);
  if (duplicate) return { ok: false, errors: [`Duplicate clientId: ${duplicate}`] };
  return { ok: true, draft };
}

function duplicateClientId(draft: CourseDraft): string | undefined {
  const seen = new Set([draft.clientId]);
  for (const node of isTreeDraft(draft) ? allNodes(draft) : []) {
    if (seen.has(node.clientId)) return node.clientId;
    seen.add(node.clientId);
  }
  return undefined;
}
