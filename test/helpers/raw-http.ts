// A raw TCP client for request-pipeline tests: sends bytes exactly as written (encoded paths, absolute-form
// request lines, bodies larger than a limit) and parses what comes back, response by response, on one
// connection. Node's and undici's clients normalise exactly the things these tests need to send.
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class RawConnection {
  private readonly socket: net.Socket;
  private buffer = Buffer.alloc(0);
  private waiters = new Set<() => void>();
  /** Resolves when the server closed the connection. */
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      const done = () => {
        this.isClosed = true;
        this.wake();
        resolve();
      };
      socket.on('close', done);
      socket.on('end', done);
    });
    // A reset while we are still writing is one of the outcomes under test, not a test failure.
    socket.on('error', () => undefined);
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes raw bytes; resolves once they are handed to the kernel (or the socket is gone). */
  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** Sends a request built from its parts; `Content-Length` is added for a body. */
  send(requestLine: string, headers: Record<string, string>, body?: string | Buffer) {
    const lines = [requestLine, 'Host: 127.0.0.1'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
    return this.write(body === undefined ? head : Buffer.concat([head, Buffer.from(body)]));
  }

  /** The next complete response on this connection, or undefined when the connection closed first. */
  async read(timeoutMs: number): Promise<RawResponse | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.isClosed) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no response within ${timeoutMs} ms on an open connection`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(done);
      });
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Parses one response (Content-Length or chunked) off the front of the buffer. */
  private take(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd === -1) return undefined;
    const [statusLine, ...headerLines] = this.buffer
      .subarray(0, headEnd)
      .toString('latin1')
      .split('\r\n');
    const status = Number(statusLine!.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let offset = headEnd + 4;
    let body: Buffer;
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', offset);
        if (lineEnd === -1) return undefined;
        const size = parseInt(this.buffer.subarray(offset, lineEnd).toString('latin1'), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return undefined;
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        offset = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < offset + length) return undefined;
      body = this.buffer.subarray(offset, offset + length);
      offset += length;
    }
    this.buffer = this.buffer.subarray(offset);
    return { status, headers, body: body.toString('utf8') };
  }
}
