// A minimal Server-Sent Events reader for tests: raw HTTP (undici), parses `id:`, `event:` and `data:`
// fields, and runs every received chunk through the scanning client's secret check.
import { request } from 'undici';
import type { ScanningClient } from './scanning-client.ts';

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

export class SseReader {
  readonly messages: SseMessage[] = [];
  status = 0;
  headers: Record<string, string | string[] | undefined> = {};
  private abort = new AbortController();
  private done: Promise<void> = Promise.resolve();
  private waiters = new Set<() => void>();

  constructor(private readonly client: ScanningClient) {}

  /** Resolves once the response headers arrived; messages keep arriving in the background. */
  async open(path: string, headers: Record<string, string>): Promise<void> {
    this.abort = new AbortController();
    const response = await request(`${this.client.baseUrl}${path}`, {
      headers,
      dispatcher: this.client.agent,
      signal: this.abort.signal,
    });
    this.status = response.statusCode;
    this.headers = response.headers;
    this.client.scanHeaders(`SSE ${path}`, response.headers);
    this.done = this.consume(response.body, path);
  }

  private async consume(body: AsyncIterable<Buffer>, path: string): Promise<void> {
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += chunk.toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          this.client.scan(`SSE ${path}`, block);
          const message = parseBlock(block);
          if (message) this.messages.push(message);
        }
        for (const wake of this.waiters) wake();
      }
    } catch (error) {
      if ((error as Error).name !== 'AbortError' && !this.abort.signal.aborted) throw error;
    }
  }

  close(): Promise<void> {
    this.abort.abort();
    return this.done.catch(() => undefined);
  }

  /** Resolves when `predicate` holds (checked after every chunk), or rejects after `timeoutMs`. */
  async waitFor(predicate: () => boolean, timeoutMs: number, what = 'condition'): Promise<void> {
    if (predicate()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`SSE: timed out waiting for ${what}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  events(): SseMessage[] {
    return this.messages.filter((message) => message.event === 'message');
  }

  statuses(): SseMessage[] {
    return this.messages.filter((message) => message.event === 'status');
  }

  get ended(): Promise<void> {
    return this.done;
  }
}

function parseBlock(block: string): SseMessage | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: data.join('\n') };
}
