// The console server's own calls to the Content API, for what it does without a browser behind it
// (scheduled actions, approved publish requests): one JSON request with the API key, its answer read
// whole (bounded) and parsed, and the instance's error messages in either of its two shapes (spec 7.2:
// plain text or `{ errors: [...] }`).
import type { Dispatcher } from 'undici';
import type { z } from '#contract/zod.ts';
import { formatZodIssues } from '#contract/format-issues.ts';
import { isTimeoutError, type Upstream } from './upstream-client.ts';

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export interface ContentAnswer {
  status: number;
  text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  json: unknown;
}

/** The instance gave no answer: `timeout` (no answer in time) or `unreachable`. */
export class UpstreamCallError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreachable',
    cause: unknown,
  ) {
    super(
      reason === 'timeout'
        ? 'The learning instance did not answer in time.'
        : 'The learning instance could not be reached.',
      { cause },
    );
  }
}

/** Reads a body whole, refusing one larger than `limit` bytes. */
export async function readLimited(
  body: AsyncIterable<Buffer> & { destroy(): void },
  limit: number,
  what = 'response',
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw new Error(`${what} too large`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function callContentApi(
  upstream: Upstream,
  call: { method: Dispatcher.HttpMethod; path: string; body?: unknown; requestId?: string },
): Promise<ContentAnswer> {
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  let response: Dispatcher.ResponseData;
  try {
    response = await upstream.pool.request({
      method: call.method,
      path: upstream.restPath(call.path),
      headers: {
        authorization: upstream.authorization(),
        accept: 'application/json',
        ...(call.requestId ? { 'x-request-id': call.requestId } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    });
  } catch (error) {
    throw new UpstreamCallError(isTimeoutError(error) ? 'timeout' : 'unreachable', error);
  }
  let text: string;
  try {
    text = await readLimited(response.body, MAX_ANSWER_BYTES, 'Content API answer');
  } catch (error) {
    throw new UpstreamCallError(isTimeoutError(error) ? 'timeout' : 'unreachable', error);
  }
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, text, json };
}

/** What the instance said when it refused a call, as sentences. */
export function answerMessages(answer: ContentAnswer): string[] {
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors) && errors.every((error) => typeof error === 'string'))
    return errors.length > 0 ? errors : [`HTTP ${answer.status}`];
  const text = answer.text.trim();
  if (text !== '' && answer.json === undefined) return [text.slice(0, 500)];
  return [`HTTP ${answer.status}${answer.status === 401 ? ': the API key was refused' : ''}`];
}

/** A successful read parsed with its contract schema; throws with the instance's words otherwise. */
export async function readContent<S extends z.ZodMiniType>(
  upstream: Upstream,
  path: string,
  schema: S,
): Promise<z.output<S>> {
  const answer = await callContentApi(upstream, { method: 'GET', path });
  if (answer.status !== 200) throw new ContentRefusal(answer);
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success)
    throw new Error(
      `GET ${path} answered outside the contract: ${formatZodIssues(parsed.error).join('; ')}`,
    );
  return parsed.data;
}

/** The instance answered, but not with success. */
export class ContentRefusal extends Error {
  constructor(readonly answer: ContentAnswer) {
    super(answerMessages(answer).join(' '));
  }
}
