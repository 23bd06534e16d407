// Starts a real sandbox over HTTP on an ephemeral port with in-memory SQLite, for tests.
import { buildSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/app.ts';

export const TEST_SECRET_KEY = 'sk_test_0123456789abcdef0123';

/**
 * For a hook that starts a sandbox with the demo seed: the seed hashes 43 passwords with scrypt and builds
 * the catalog, some 5 s of CPU on the 2-core machine, so vitest's 10 s default for hooks is missed
 * whenever other files' servers share the cores (CI runs two workers).
 */
export const DEMO_SEED_HOOK_TIMEOUT_MS = 60_000;

export interface TestSandbox {
  sandbox: Sandbox;
  baseUrl: string;
  apiUrl: string;
  secretKey: string;
  /** The last requests the sandbox handled, with their parsed bodies (what a proxy really forwarded). */
  received: ReceivedRequest[];
  /** JSON request against /incoming/v2 with the company secret key unless `key` is given (null: none). */
  api(method: string, path: string, body?: unknown, key?: string | null): Promise<ApiResponse>;
  /** Request against the sandbox root (management routes, GraphQL). */
  raw(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse>;
  close(): Promise<void>;
}

export interface ReceivedRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is empty or not JSON. */
  json: unknown;
  // Convenience for assertions on JSON bodies.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function toResponse(response: Response): Promise<ApiResponse> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, body: json };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await buildSandbox({
    dbFile: ':memory:',
    host: '127.0.0.1',
    port: 0,
    seed: 'empty',
    apiKey: TEST_SECRET_KEY,
    logLevel: 'silent',
    jobDelayMs: 50,
    activityPerMinute: 0,
    ...options,
  });
  const received: ReceivedRequest[] = [];
  sandbox.app.addHook('preHandler', async (request) => {
    received.push({ method: request.method, url: request.url, body: request.body });
    if (received.length > 200) received.shift();
  });
  const baseUrl = await sandbox.listen();
  const secretKey = sandbox.company.secretKey;
  const raw: TestSandbox['raw'] = async (method, path, body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    return toResponse(await fetch(`${baseUrl}${path}`, init));
  };
  return {
    sandbox,
    baseUrl,
    apiUrl: `${baseUrl}/incoming/v2`,
    secretKey,
    received,
    raw,
    api: (method, path, body, key = secretKey) =>
      raw(
        method,
        `/incoming/v2${path}`,
        body,
        key === null ? {} : { authorization: `Bearer ${key}` },
      ),
    close: () => sandbox.close(),
  };
}
