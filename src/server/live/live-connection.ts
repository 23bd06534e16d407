// One browser's live stream: `data: { topic, data }` messages, a comment now and then so that proxies
// keep an idle stream open, and backpressure without buffering: while the socket is full, only the
// newest state of each topic waits (a state replaces the one before it), and goes out on `drain`.
import type { ServerResponse } from 'node:http';

export class LiveConnection {
  private closed = false;
  private blocked = false;
  private readonly waiting = new Map<string, string>();
  private readonly keepAlive: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    keepAliveMs: number,
  ) {
    res.on('close', () => this.close());
    res.on('drain', () => this.flush());
    this.keepAlive = setInterval(() => this.write(': alive\n\n'), keepAliveMs);
    this.keepAlive.unref();
  }

  start(): void {
    this.write('retry: 3000\n\n');
  }

  send(topic: string, state: unknown): void {
    if (this.closed) return;
    const message = `data: ${JSON.stringify({ topic, data: state })}\n\n`;
    if (this.blocked) this.waiting.set(topic, message);
    else this.write(message);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    this.waiting.clear();
    if (!this.res.writableEnded) this.res.end();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private write(chunk: string): void {
    if (this.closed || this.blocked) return;
    if (!this.res.write(chunk)) this.blocked = true;
  }

  private flush(): void {
    this.blocked = false;
    for (const [topic, message] of this.waiting) {
      if (this.blocked) return; // The rest waits for the next drain.
      this.waiting.delete(topic);
      this.write(message);
    }
  }
}
