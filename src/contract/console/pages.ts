// The pieces every list endpoint of the console server shares: time filters, keyset cursors, page
// sizes and the `pageInfo` of an answer. Cursors are the seq of the last item seen, base64url-encoded
// and opaque to clients; atob/btoa work in Node and the browser alike.
import { z } from 'zod';

/** Epoch milliseconds or an ISO 8601 date/time, parsed to epoch milliseconds. */
export const TimeParam = z
  .string()
  .transform((value, ctx) => {
    const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
    if (!Number.isFinite(ms)) {
      ctx.addIssue({ code: 'custom', message: 'must be epoch milliseconds or an ISO 8601 date' });
      return z.NEVER;
    }
    return ms;
  })
  .meta({ description: 'Epoch milliseconds or an ISO 8601 date/time.' });

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
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, CURSOR_MESSAGE)
  .transform((value, ctx) => {
    const seq = decodeCursor(value);
    if (!Number.isSafeInteger(seq) || seq < 1) {
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    }
    return seq;
  })
  .meta({ description: "The `cursor` of the previous page's `pageInfo`." });

export const encodeCursor = (seq: number): string =>
  btoa(String(seq)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

export const LimitParam = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(500, 'must be at most 500')
  .default(50)
  .meta({ description: 'Items per page.' });

export const PageInfo = z.object({
  hasMore: z.boolean(),
  cursor: z.string().optional().meta({ description: 'Send as `cursor` for the next page.' }),
});
export type PageInfo = z.infer<typeof PageInfo>;
