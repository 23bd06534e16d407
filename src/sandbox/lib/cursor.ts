// Opaque keyset cursors (spec 4.5). A cursor carries the sort key of the last row of a page plus a
// digest of the list it belongs to (endpoint, company, filters), signed with HMAC so clients cannot
// forge keys. A cursor replayed against another list or other filters is refused, not misapplied.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { READ_MESSAGES } from '#contract/index.ts';
import { ValidationError } from './errors.ts';

export type CursorKey = readonly (string | number | null)[];

const SIGNATURE_LENGTH = 22; // base64url characters: 132 bits of the HMAC

export class CursorCodec {
  constructor(private readonly secret: Buffer) {}

  encode(scope: string, key: CursorKey): string {
    const payload = Buffer.from(JSON.stringify({ s: scopeDigest(scope), k: key })).toString(
      'base64url',
    );
    return `${payload}.${this.sign(payload)}`;
  }

  /** The key stored in `cursor`; throws a 400 when it is forged, garbled or from another list. */
  decode(scope: string, cursor: string): CursorKey {
    const [payload, signature, extra] = cursor.split('.');
    if (!payload || !signature || extra !== undefined || !this.verify(payload, signature))
      throw new ValidationError([READ_MESSAGES.invalidCursor]);
    const parsed = parsePayload(payload);
    if (!parsed) throw new ValidationError([READ_MESSAGES.invalidCursor]);
    if (parsed.s !== scopeDigest(scope))
      throw new ValidationError([READ_MESSAGES.cursorFiltersChanged]);
    return parsed.k;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret)
      .update(payload)
      .digest('base64url')
      .slice(0, SIGNATURE_LENGTH);
  }

  private verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

function scopeDigest(scope: string): string {
  return createHash('sha256').update(scope).digest('base64url').slice(0, 16);
}

function parsePayload(payload: string): { s: string; k: CursorKey } | undefined {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { s, k } = value as { s?: unknown; k?: unknown };
    const isKeyPart = (part: unknown) =>
      part === null || typeof part === 'string' || typeof part === 'number';
    if (typeof s !== 'string' || !Array.isArray(k) || k.length === 0 || !k.every(isKeyPart))
      return undefined;
    return { s, k: k as CursorKey };
  } catch {
    return undefined;
  }
}
