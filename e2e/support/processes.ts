// Servers the e2e suite runs as processes of its own: started with Node and tsx directly (no wrapper in
// between, so a signal reaches the server itself), awaited until they answer over HTTP, and stopped
// with SIGTERM (SIGKILL after 10 s, or at once to act out a crash).
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts `script` (a path from the repository root) with `env` added to ours. */
export function startServer(script: string, env: Record<string, string>, label: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    if (!/ExperimentalWarning|--trace-warnings/.test(text))
      process.stderr.write(`[${label}] ${text}`);
  });
  return child;
}

/** Resolves once `url` answers below 500; fails when the process exits or the time is up. */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  label: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs} ms`);
}

export async function stopServer(
  child: ChildProcess | null,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}
