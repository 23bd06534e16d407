// The routes' URL checks (`validateSearch`), without zod. Route definitions are in the shell that every
// first page loads, and zod (25 KB gzip, or 16 KB for its core alone) would be most of the shell beyond
// the framework (docs/decisions/loading-strategy.md). These are the console's own URL rules, not the
// API's shapes: the value lists come from the contract (#contract/enum-lists.ts, url-values.ts), and
// each check behaves as the zod one it replaces (url-search.test.ts compares them).
/** One URL value's check: the value to keep, or `undefined` when it is absent or not acceptable. */
export type UrlValue<T> = (value: unknown) => T | undefined;

type Shape = Record<string, UrlValue<unknown>>;
export type UrlSearchOf<S extends Shape> = {
  [K in keyof S]?: Exclude<ReturnType<S[K]>, undefined>;
};

/** A route's search check. */
export interface UrlSearch<S extends Shape> {
  readonly shape: S;
  /**
   * Only the shape's keys are kept; a hand-edited or stale value becomes `undefined` (never an error
   * page). It must be there as `undefined`, not left out: the router lays the checked values over the
   * raw ones, so a key left out would keep the raw value. The router hands over `?learner=123` as a
   * number and `?archived=true` as a boolean.
   */
  parse(search: Record<string, unknown>): UrlSearchOf<S>;
}

export function urlSearch<S extends Shape>(shape: S): UrlSearch<S> {
  return {
    shape,
    parse(search) {
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries(shape))
        if (key in search) out[key] = search[key] === undefined ? undefined : check(search[key]);
      return out as UrlSearchOf<S>;
    },
  };
}

/** Text of 1 to `max` characters once trimmed; a finite number (or a boolean, unless refused) as its text. */
export const urlText =
  (max: number, { booleans = true }: { booleans?: boolean } = {}): UrlValue<string> =>
  (value) => {
    const ok =
      typeof value === 'string' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (booleans && typeof value === 'boolean');
    if (!ok) return undefined;
    const text = String(value).trim();
    return text.length >= 1 && text.length <= max ? text : undefined;
  };

/** A string as it is (`trim`: trimmed first), of `min` to `max` characters. */
export const urlString =
  ({
    min = 0,
    max,
    trim = false,
  }: {
    min?: number;
    max: number;
    trim?: boolean;
  }): UrlValue<string> =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const text = trim ? value.trim() : value;
    return text.length >= min && text.length <= max ? text : undefined;
  };

/** An ISO 8601 date and time, normalized to UTC (`toISOString`). */
export const isoTime: UrlValue<string> = (value) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
    ? new Date(value).toISOString()
    : undefined;

/**
 * zod's UUID pattern (`z.uuid()`, what the API's schemas accept), copied: zod's module of patterns is
 * 1 KB of the shell (url-search.test.ts checks that the two are the same).
 */
export const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const uuid: UrlValue<string> = (value) =>
  typeof value === 'string' && UUID.test(value) ? value : undefined;

export const oneOf =
  <const T extends string>(choices: readonly T[]): UrlValue<T> =>
  (value) =>
    choices.includes(value as T) ? (value as T) : undefined;

/** One of a few numbers (`?perPage=50`), typed as any number: links may carry others, which are dropped. */
export const numberIn =
  (choices: readonly number[]): UrlValue<number> =>
  (value) =>
    typeof value === 'number' && choices.includes(value) ? value : undefined;

export const bool: UrlValue<boolean> = (value) => (typeof value === 'boolean' ? value : undefined);

/** A whole number from 1 up, from a number or its text (`?restore=3`). */
export const positiveInt: UrlValue<number> = (value) => {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
};
