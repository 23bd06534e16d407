// Pagination (spec 4.5): opaque cursor, `cursor` present only while `hasMore`.
import { z } from '../zod.ts';
import { LIMITS } from '../limits.ts';

export const PageInfo = z
  .object({
    perPage: z
      .int()
      .check(z.gte(0))
      .register(z.globalRegistry, { description: 'Records in this page.' }),
    total: z.int().check(z.gte(0)),
    hasMore: z.boolean(),
    cursor: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'PageInfo' });
export type PageInfo = z.infer<typeof PageInfo>;

export const EventPageInfo = z
  .object({ hasMore: z.boolean(), cursor: z.optional(z.string()) })
  .register(z.globalRegistry, { id: 'EventPageInfo' });
export type EventPageInfo = z.infer<typeof EventPageInfo>;

const booleanParam = z.pipe(
  z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }),
  z.transform((value) => value === 'true'),
);
export const BooleanQueryParam = booleanParam;

export const PageQuery = z.object({
  cursor: z.optional(z.string().check(z.minLength(1))),
  perPage: z._default(
    z.coerce
      .number({ error: 'perPage must be an integer' })
      .check(
        z.int('perPage must be an integer'),
        z.gte(1, 'perPage must be at least 1'),
        z.lte(LIMITS.maxPerPage, `perPage must be at most ${LIMITS.maxPerPage}`),
      ),
    LIMITS.defaultPerPage,
  ),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** `{ pageInfo, <name>: items[] }`, the unwrapped list shape of spec 4.5. */
export function pageOf<const Name extends string, Item extends z.ZodMiniType>(
  name: Name,
  item: Item,
) {
  return z.object({ pageInfo: PageInfo, [name]: z.array(item) } as {
    pageInfo: typeof PageInfo;
  } & { [K in Name]: z.ZodMiniArray<Item> });
}
