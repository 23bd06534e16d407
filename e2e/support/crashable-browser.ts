// A Chromium of its own on a profile on disk, killed with SIGKILL to act out a crash: no unload
// handler runs, and only what was written to the profile before survives into the next launch.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS } from './chromium-flags.ts';
import { DEMO_ACCOUNTS, type Role } from './env.ts';

export interface CrashableBrowser {
  /** The browser's default context (the profile), signed in as `role` on the console at `baseURL`. */
  context: BrowserContext;
  /** SIGKILL the browser, then start it again on the same profile, signed in again. */
  crashAndRestart(): Promise<BrowserContext>;
  close(): Promise<void>;
}

async function start(profile: string): Promise<{ process: ChildProcess; browser: Browser }> {
  const child = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      '--window-size=1280,800',
      ...CHROMIUM_ARGS,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${text}`)));
  });
  return { process: child, browser: await chromium.connectOverCDP(endpoint) };
}

async function signIn(context: BrowserContext, baseURL: string, role: Role) {
  const account = DEMO_ACCOUNTS[role];
  const response = await context.request.post(`${baseURL}/api/session`, {
    data: { email: account.email, password: account.password },
    headers: { 'X-Lectern-Csrf': '1', origin: baseURL },
  });
  if (response.status() !== 200) throw new Error(`sign-in ${response.status()}`);
}

export async function launchCrashable(baseURL: string, role: Role): Promise<CrashableBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'lectern-crash-'));
  let current = await start(profile);
  const contextOf = async () => {
    const context = current.browser.contexts()[0]!;
    await signIn(context, baseURL, role);
    return context;
  };
  const handle: CrashableBrowser = {
    context: await contextOf(),
    async crashAndRestart() {
      const exited = new Promise((resolve) => current.process.once('exit', resolve));
      current.process.kill('SIGKILL');
      await exited;
      current = await start(profile);
      handle.context = await contextOf();
      return handle.context;
    },
    async close() {
      await current.browser.close().catch(() => undefined);
      current.process.kill('SIGKILL');
      // A killed Chromium's helpers may still be writing into the profile for a moment.
      await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
  return handle;
}
