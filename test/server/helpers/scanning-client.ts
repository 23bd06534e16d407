// An HTTP client for console-server tests that reads every response byte (status line values, headers,
// body, SSE streams) and fails the moment any forbidden string (the API key) appears. Uses undici's raw
// request API so bytes are scanned exactly as sent, not decoded or decompressed.
import { Agent, request } from 'undici';

export interface ScanResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body bytes/text sent as is (no JSON encoding). */
  rawBody?: string | Buffer;
  cookie?: string;
  /** Adds X-Lectern-Csrf: 1 and a same-origin Origin on state-changing requests (default true). */
  csrf?: boolean;
}

export class ScanningClient {
  readonly agent = new Agent({ keepAliveTimeout: 1000, connections: 64 });
  bytesScanned = 0;
  responses = 0;
  readonly leaks: string[] = [];

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
    private readonly forbidden: () => readonly string[],
  ) {}

  scan(where: string, chunk: string | Buffer): void {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    this.bytesScanned += text.length;
    for (const secret of this.forbidden())
      if (secret && text.includes(secret)) {
        this.leaks.push(`${where}: ${text.slice(0, 200)}`);
        throw new Error(`SECRET LEAKED in ${where}`);
      }
  }

  scanHeaders(where: string, headers: Record<string, string | string[] | undefined>): void {
    for (const [name, value] of Object.entries(headers))
      this.scan(
        `${where} header ${name}`,
        `${name}: ${Array.isArray(value) ? value.join(', ') : value}`,
      );
  }

  async send(method: string, path: string, options: RequestOptions = {}): Promise<ScanResult> {
    const headers: Record<string, string> = {};
    const stateChanging = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (stateChanging && options.csrf !== false) {
      headers['x-lectern-csrf'] = '1';
      headers.origin = this.origin;
    }
    let body: string | Buffer | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.cookie) headers.cookie = options.cookie;
    Object.assign(headers, options.headers);
    const response = await request(`${this.baseUrl}${path}`, {
      method: method as 'GET',
      headers,
      body,
      dispatcher: this.agent,
    });
    const where = `${method} ${path}`;
    this.scanHeaders(where, response.headers);
    const buffer = Buffer.from(await response.body.arrayBuffer());
    this.scan(`${where} body`, buffer);
    this.responses += 1;
    const text = buffer.toString('utf8');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text, body: json };
  }

  get = (path: string, options?: RequestOptions) => this.send('GET', path, options);
  post = (path: string, options?: RequestOptions) => this.send('POST', path, options);
  put = (path: string, options?: RequestOptions) => this.send('PUT', path, options);
  delete = (path: string, options?: RequestOptions) => this.send('DELETE', path, options);

  async close(): Promise<void> {
    await this.agent.close();
  }
}
