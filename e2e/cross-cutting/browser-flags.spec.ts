// The suite's Chromium flags do what chromium-flags.ts says: Playwright's own disabled features are
// all kept (Chromium reads only the last --disable-features), and no new window preloads the address
// bar's popups. Either fails when a Playwright or Chromium upgrade changes the names.
import { readFileSync, readdirSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, OMNIBOX_POPUP_FEATURES } from '../support/chromium-flags.ts';

/** The features disabled in the renderers of a Chromium launched with `args`, and its targets' URLs. */
async function launched(args: string[]): Promise<{ disabled: string[]; targets: string[] }> {
  // A renderer inherits the user agent switch: it names this browser's processes among the suite's.
  const marker = `lectern-flags-probe-${process.pid}-${Date.now()}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...args, `--user-agent=${marker}`],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.setContent('<p>probe</p>');
    const commandLines = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map((pid) => {
        try {
          // Chromium rewrites its command line as one string (spaces between the switches).
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
        } catch {
          return []; // The process ended meanwhile.
        }
      })
      .filter(
        (argv) => argv.includes('--type=renderer') && argv.includes(`--user-agent=${marker}`),
      );
    expect(commandLines.length).toBeGreaterThan(0);
    const flag = commandLines[0]!.find((arg) => arg.startsWith('--disable-features=')) ?? '';
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = await cdp.send('Target.getTargets');
    return {
      disabled: flag.replace('--disable-features=', '').split(','),
      targets: targetInfos.map((target) => target.url),
    };
  } finally {
    await browser.close();
  }
}

test('the suite’s Chromium keeps Playwright’s disabled features and preloads no address bar popup', async () => {
  const bare = await launched(['--no-sandbox', '--disable-gpu']);
  expect(bare.targets.filter((url) => url.startsWith('chrome://omnibox-popup'))).not.toEqual([]);
  const ours = await launched(CHROMIUM_ARGS);
  expect(bare.disabled.filter((feature) => !ours.disabled.includes(feature))).toEqual([]);
  expect(ours.disabled).toEqual(expect.arrayContaining(OMNIBOX_POPUP_FEATURES));
  expect(ours.targets.filter((url) => url.startsWith('chrome://'))).toEqual([]);
});
