// Pagination (spec 4.5): opaque cursor, `cursor` present only while `hasMore`.
import { z } from 'zod';
import { LIMITS } from '../limits.ts';

export const PageInfo = z
  .object({
    perPage: z.int().min(0).meta({ description: 'Records in this page.' }),
    total: z.int().min(0),
    hasMore: z.boolean(),
    cursor: z.string().optional(),
  })
  .meta({ id: 'PageInfo' });
export type PageInfo = z.infer<typeof PageInfo>;

export const EventPageInfo = z
  .object({ hasMore: z.boolean(), cursor: z.string().optional() })
  .meta({ id: 'EventPageInfo' });
export type EventPageInfo = z.infer<typeof EventPageInfo>;

const booleanParam = z
  .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
  .transform((value) => value === 'true');
export const BooleanQueryParam = booleanParam;

export const PageQuery = z.object({
  cursor: z.string().min(1).optional(),
  perPage: z.coerce
    .number({ error: 'perPage must be an integer' })
    .int('perPage must be an integer')
    .min(1, 'perPage must be at least 1')
    .max(LIMITS.maxPerPage, `perPage must be at most ${LIMITS.maxPerPage}`)
    .default(LIMITS.defaultPerPage),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `{ pageInfo, <name>: items[] }`, the unwrapped list shape of spec 4.5. */
export function pageOf<const Name extends string, Item extends z.ZodType>(name: Name, item: Item) {
  return z.object({ pageInfo: PageInfo, [name]: z.array(item) } as {
    pageInfo: typeof PageInfo;
  } & { [K in Name]: z.ZodArray<Item> });
}
