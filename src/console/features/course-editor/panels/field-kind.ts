// Which control a contract field needs, read from its zod schema, so forms follow the contract
// instead of restating it.
import type { z } from '#contract/zod.ts';

export type FieldKind =
  | { type: 'text' }
  | { type: 'url' }
  | { type: 'number' }
  | { type: 'boolean' }
  | { type: 'enum'; options: string[] }
  | { type: 'other' };

interface Def {
  type: string;
  innerType?: z.ZodMiniType;
  format?: string;
  entries?: Record<string, string>;
}
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

export function fieldKind(schema: z.ZodMiniType | undefined): FieldKind {
  if (!schema) return { type: 'other' };
  let def = defOf(schema);
  while ((def.type === 'optional' || def.type === 'nullable') && def.innerType)
    def = defOf(def.innerType);
  switch (def.type) {
    case 'string':
      return def.format === 'url' ? { type: 'url' } : { type: 'text' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'enum':
      return { type: 'enum', options: Object.values(def.entries ?? {}) };
    default:
      return { type: 'other' };
  }
}
