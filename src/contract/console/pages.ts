// The pieces every list endpoint of the console server shares: time filters, keyset cursors, page
// sizes and the `pageInfo` of an answer. Cursors are the seq of the last item seen, base64url-encoded
// and opaque to clients; atob/btoa work in Node and the browser alike.
import { z } from '../zod.ts';

/** Epoch milliseconds or an ISO 8601 date/time, parsed to epoch milliseconds. */
export const TimeParam = z
  .pipe(
    z.string(),
    z.transform((value, ctx) => {
      const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
      if (!Number.isFinite(ms)) {
        ctx.issues.push({
          code: 'custom',
          message: 'must be epoch milliseconds or an ISO 8601 date',
          input: value,
        });
        return z.NEVER;
      }
      return ms;
    }),
  )
  .register(z.globalRegistry, { description: 'Epoch milliseconds or an ISO 8601 date/time.' });

/** A list's `from` (inclusive) and `to` (exclusive) filters; `of` names the time ("Event time"). */
export const timeRangeParams = (of?: string) => {
  const said = of ? `${of}, epoch ms or ISO 8601` : 'Epoch ms or ISO 8601';
  return {
    from: z.optional(TimeParam).register(z.globalRegistry, { description: `${said}; inclusive.` }),
    to: z.optional(TimeParam).register(z.globalRegistry, { description: `${said}; exclusive.` }),
  };
};

const CURSOR_MESSAGE = 'must be a cursor returned by a previous page';

function decodeCursor(value: string): number {
  try {
    return Number.parseInt(atob(value.replaceAll('-', '+').replaceAll('_', '/')), 10);
  } catch {
    return Number.NaN;
  }
}

/** A cursor from a previous page's `pageInfo`, parsed to the seq it stands for. */
export const CursorParam = z
  .pipe(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/, CURSOR_MESSAGE)),
    z.transform((value, ctx) => {
      const seq = decodeCursor(value);
      if (!Number.isSafeInteger(seq) || seq < 1) {
        ctx.issues.push({ code: 'custom', message: CURSOR_MESSAGE, input: value });
        return z.NEVER;
      }
      return seq;
    }),
  )
  .register(z.globalRegistry, { description: "The `cursor` of the previous page's `pageInfo`." });

export const encodeCursor = (seq: number): string =>
  btoa(String(seq)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

export const LimitParam = z
  ._default(
    z.coerce
      .number({ error: 'must be a whole number' })
      .check(
        z.int('must be a whole number'),
        z.gte(1, 'must be at least 1'),
        z.lte(500, 'must be at most 500'),
      ),
    50,
  )
  .register(z.globalRegistry, { description: 'Items per page.' });

export const PageInfo = z.object({
  hasMore: z.boolean(),
  cursor: z
    .optional(z.string())
    .register(z.globalRegistry, { description: 'Send as `cursor` for the next page.' }),
});
export type PageInfo = z.infer<typeof PageInfo>;
