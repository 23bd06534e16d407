// One endpoint of the console server's own API (`/api/...`), as data. The server registers its route
// from it (src/server/routes/console-route.ts: access, input parsing, audit, response), the console
// calls it through it (src/console/lib/console-api.ts), and docs/console-api.md and
// docs/console-openapi.json are generated from every endpoint listed in ./index.ts. See ./README.md.
import type { z } from '../zod.ts';
import type { ConsoleErrorCode } from './errors.ts';
import type { ConsoleAccess } from './access.ts';

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A body that is not one JSON value: an event stream or a file download. */
export interface ConsoleStream {
  stream: true;
  /** Content types the body may have, each with what it holds and, when it is JSON, its schema. */
  contentTypes: Readonly<Record<string, { description: string; schema?: z.ZodMiniType }>>;
}

/** A browser navigation answered with a redirect (`303 See Other`, `Location`), not a body. */
export interface ConsoleRedirect {
  redirect: true;
  /** Where it sends the browser, in the words of the API document. */
  description: string;
}

/** An answer the endpoint gives besides the ones its access and input imply. */
export interface ConsoleErrorCase {
  status: number;
  error: ConsoleErrorCode;
  when: string;
}

export interface ConsoleEndpoint {
  /** Names the call in the audit log (state-changing endpoints) and in the OpenAPI document. */
  operationId: string;
  method: ConsoleMethod;
  /** OpenAPI style, path parameters in braces: `/api/roles/{email}`. */
  path: `/api/${string}`;
  summary: string;
  /** Markdown: what a caller must know beyond the shapes. */
  description?: string;
  access: ConsoleAccess;
  /**
   * State-changing endpoints write an audit row per call. `refusals`: only refused calls (an answer of
   * 400 or above) are recorded, for calls that change no content and come every few seconds
   * (presence heartbeats).
   */
  audit?: 'refusals';
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** The success body: a schema, `null` for none (204), a stream, or a redirect. */
  response: z.ZodMiniType | null | ConsoleStream | ConsoleRedirect;
  /**
   * A GET that changes state (the identity provider's redirect back, which starts a session): audited
   * like a write, its row written before it takes effect. It has no CSRF check: a navigation cannot
   * carry the header, and the sign-in's own state and cookie stand in for it.
   */
  audited?: true;
  errors?: readonly ConsoleErrorCase[];
}

/** Declares an endpoint, keeping the exact schema types for the server's handler and the console. */
export const consoleEndpoint = <const E extends ConsoleEndpoint>(endpoint: E): E => endpoint;

export const isStream = (response: ConsoleEndpoint['response']): response is ConsoleStream =>
  response !== null && 'stream' in response;

export const isRedirect = (response: ConsoleEndpoint['response']): response is ConsoleRedirect =>
  response !== null && 'redirect' in response;

/** What a handler returns: the JSON body before the contract parses it, nothing, or a reply it sent. */
export type ResponseInput<E extends ConsoleEndpoint> = E['response'] extends z.ZodMiniType
  ? z.input<E['response']>
  : E['response'] extends null
    ? void
    : unknown;

/** What a caller receives once the response schema has parsed the body. */
export type ResponseOutput<E extends ConsoleEndpoint> = E['response'] extends z.ZodMiniType
  ? z.output<E['response']>
  : undefined;

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** The parsed request: params, query and body after their schemas (undefined when not declared). */
export interface ParsedInput<E extends ConsoleEndpoint> {
  params: Parsed<E['params']>;
  query: Parsed<E['query']>;
  body: Parsed<E['body']>;
}

const PARAM = /\{(\w+)\}/g;

/** The names of a path's parameters, in order (`/api/roles/{email}` -> `['email']`). */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(PARAM)].map((match) => match[1]!);

/** The path with its parameters filled in, each percent-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(PARAM, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}
