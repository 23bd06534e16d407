// Handling JSON values a request supplied, safely: a depth limit checked on the raw text before parsing
// (JSON.stringify and every recursive walker overflow the stack on deep values, and parsing 200,000
// brackets only to refuse them is wasted work), and the text of a value for a message, without calling
// a `toString` the request may have replaced (`{"toString": null}` makes String() throw).
import { z } from './zod.ts';
import { formatPath } from './format-issues.ts';
import { WRITE_MESSAGES } from './messages.ts';

/** How many path segments a depth message shows before it elides the rest. */
const SHOWN_SEGMENTS = 5;

interface Frame {
  array: boolean;
  /** Array: index of the current element. Object: the last key read. */
  at: number | string;
  expectingKey: boolean;
}

/**
 * Where `text` nests arrays and objects deeper than `maxDepth` (the path of the first container past the
 * limit, as `courseAttributes[0].sessionCustomFields.a…`), or undefined when it does not. The root
 * container is level 1. The text need not be valid JSON: this only counts brackets outside strings.
 */
export function jsonDepthViolation(text: string, maxDepth: number): string | undefined {
  const frames: Frame[] = [];
  let inString = false;
  let stringStart = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c /* \ */) i++;
      else if (code === 0x22 /* " */) {
        inString = false;
        const frame = frames[frames.length - 1];
        if (frame && !frame.array && frame.expectingKey) frame.at = keyText(text, stringStart, i);
      }
      continue;
    }
    switch (code) {
      case 0x22:
        inString = true;
        stringStart = i;
        break;
      case 0x5b /* [ */:
      case 0x7b /* { */:
        if (frames.length === maxDepth) return describe(frames);
        frames.push({ array: code === 0x5b, at: code === 0x5b ? 0 : '', expectingKey: true });
        break;
      case 0x5d /* ] */:
      case 0x7d /* } */:
        frames.pop();
        break;
      case 0x2c /* , */: {
        const frame = frames[frames.length - 1];
        if (!frame) break;
        if (frame.array) frame.at = (frame.at as number) + 1;
        else frame.expectingKey = true;
        break;
      }
      case 0x3a /* : */: {
        const frame = frames[frames.length - 1];
        if (frame && !frame.array) frame.expectingKey = false;
        break;
      }
    }
  }
  return undefined;
}

function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start, end + 1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return raw.slice(1, -1);
  }
}

function describe(frames: Frame[]): string {
  const path = frames.slice(0, SHOWN_SEGMENTS).map((frame) => frame.at);
  return `${formatPath(path)}${frames.length > SHOWN_SEGMENTS ? '…' : ''}`;
}

/** Keys refused in every request body: code that copies or merges a body could reach a prototype. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/**
 * The path of the first key named `__proto__`, `constructor` or `prototype` in a parsed JSON value (as
 * `courseAttributes[0].__proto__`), or undefined. JSON.parse makes `__proto__` an own property, which no
 * rule that reads named fields would see. Walks at most LIMITS.jsonDepth levels: callers check the depth
 * on the text first.
 */
export function prototypeKeyPath(value: unknown): string | undefined {
  const path: (string | number)[] = [];
  const walk = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    const array = Array.isArray(node);
    for (const key of Object.keys(node)) {
      path.push(array ? Number(key) : key);
      if (!array && PROTOTYPE_KEYS.has(key)) return true;
      if (walk((node as Record<string, unknown>)[key])) return true;
      path.pop();
    }
    return false;
  };
  return walk(value) ? formatPath(path) : undefined;
}

/**
 * `String(value)` for a parsed JSON value, computed without calling anything the value carries: objects
 * are `[object Object]` (what String gives a plain object), arrays join their elements like
 * Array.prototype.toString, nested at most a few levels.
 */
export function valueText(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object' && typeof value !== 'function') return String(value);
  if (!Array.isArray(value)) return '[object Object]';
  if (depth >= 4) return '…';
  return value.map((item) => (item == null ? '' : valueText(item, depth + 1))).join(',');
}

/**
 * `schema.safeParse(value)` for values a request supplied. Zod runs its length checks (`.min`, `.max` on
 * strings and arrays) even after the type check failed, whenever the value has a `length`; an object whose
 * `length` cannot be turned into a number (`{"length": {"toString": null}}`) makes that check throw. Such
 * a value is reported as the type error it is, at its path, instead of escaping as an exception.
 */
export function safeParseInput<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): z.util.SafeParseResult<z.output<S>> {
  try {
    return schema.safeParse(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const issue: z.core.$ZodIssue = {
      code: 'custom',
      path: unreadablePath(value) ?? [],
      message: WRITE_MESSAGES.unreadableValue,
      input: undefined,
    };
    return {
      success: false,
      error: new z.core.$ZodError([issue]) as z.core.$ZodError<z.output<S>>,
    };
  }
}

/** The path of the first object whose `length` or `size` is itself an object (JSON values are shallow here). */
function unreadablePath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value !== 'object' || value === null || path.length > 64) return undefined;
  if (!Array.isArray(value))
    for (const key of ['length', 'size'])
      if (Object.hasOwn(value, key) && typeof (value as Record<string, unknown>)[key] === 'object')
        return path;
  for (const [key, inner] of Object.entries(value)) {
    const found = unreadablePath(inner, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}
