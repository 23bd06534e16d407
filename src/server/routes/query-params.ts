// Small zod pieces shared by the console's own list endpoints.
import { z } from 'zod';

/** Epoch milliseconds or an ISO 8601 date/time. */
export const TimeParam = z.string().transform((value, ctx) => {
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: 'must be epoch milliseconds or an ISO 8601 date' });
    return z.NEVER;
  }
  return ms;
});

/** Keyset cursors are the seq of the last item seen, opaque to clients. */
export const CursorParam = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be a cursor returned by a previous page')
  .transform((value, ctx) => {
    const seq = Number.parseInt(Buffer.from(value, 'base64url').toString('utf8'), 10);
    if (!Number.isSafeInteger(seq) || seq < 1) {
      ctx.addIssue({ code: 'custom', message: 'must be a cursor returned by a previous page' });
      return z.NEVER;
    }
    return seq;
  });

export const encodeCursor = (seq: number): string => Buffer.from(String(seq)).toString('base64url');

export const LimitParam = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(500, 'must be at most 500')
  .default(50);
