// One Server-Sent Events subscriber. Events are read from the relay's store by seq (the SSE id), never
// pushed from memory: a notification only says "there is more", and the connection pulls everything after
// the last id it wrote. That makes resuming with Last-Event-ID gap-free and duplicate-free, and lets a
// slow client fall behind (socket backpressure) without the server buffering for it.
import type { ServerResponse } from 'node:http';
import type { RelayRepository } from '../storage/relay-repository.ts';

const BATCH = 500;
/** After a failed read (the database is unavailable), the next try; the stream stays open meanwhile. */
const RETRY_READ_MS = 1000;

export interface SseOptions {
  repo: RelayRepository;
  kinds: readonly string[] | null;
  afterSeq: number;
  heartbeatMs: number;
  status: () => unknown;
}

export class SseConnection {
  private lastSeq: number;
  private pumping = false;
  private pumpAgain = false;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    private readonly options: SseOptions,
  ) {
    this.lastSeq = options.afterSeq;
    res.on('close', () => this.close());
    this.heartbeat = setInterval(() => this.onHeartbeat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  start(): void {
    this.write(`retry: 3000\n\n`);
    this.sendStatus(this.options.status());
    this.notifyEvents();
  }

  notifyEvents(): void {
    void this.pump();
  }

  sendStatus(status: unknown): void {
    this.write(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
  }

  /**
   * The server is stopping: tells the browser to reconnect after `retryMs` (to another server, through
   * the balancer), then ends the stream. EventSource resumes from its Last-Event-ID, so nothing is lost.
   */
  closeForShutdown(retryMs: number): void {
    this.write(`retry: ${retryMs}\n: this console server is stopping; reconnect\n\n`);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (!this.res.writableEnded) this.res.end();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  // The periodic status doubles as the heartbeat that keeps proxies from timing the stream out. Whether
  // the session may still read the stream is the stream guard's job (auth/stream-guard.ts).
  private onHeartbeat(): void {
    this.sendStatus(this.options.status());
  }

  private write(chunk: string): boolean {
    if (this.closed) return true;
    return this.res.write(chunk);
  }

  /** Waits until the socket takes more data or the client is gone (listeners removed either way). */
  private drained(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        for (;;) {
          if (this.closed) return;
          let rows;
          try {
            rows = await this.options.repo.readAfter(this.lastSeq, this.options.kinds, BATCH);
          } catch {
            setTimeout(() => this.notifyEvents(), RETRY_READ_MS).unref();
            return;
          }
          if (rows.length === 0) break;
          let chunk = '';
          for (const row of rows) chunk += `id: ${row.seq}\ndata: ${row.payload}\n\n`;
          this.lastSeq = rows[rows.length - 1]!.seq;
          if (!this.write(chunk)) await this.drained();
          if (rows.length < BATCH) break;
        }
      } while (this.pumpAgain);
    } finally {
      this.pumping = false;
    }
  }
}
