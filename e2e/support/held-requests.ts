// Requests held back until a test releases them: a late part's chunk, to see the page before its code
// arrives (the stand-ins, the layout), then after it (nothing moved, the part works).
import type { Page, Route } from '@playwright/test';

export interface HeldRequests {
  release(): void;
  /** How many requests have been held so far. */
  held(): number;
}

/** Requests `pattern` matches, held until `release()`. */
export function hold(page: Page, pattern: RegExp): HeldRequests {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  void page.route(pattern, async (route: Route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

/** The build's chunk of that name (`/assets/<name>-<hash>.js`). */
export const chunk = (name: string) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
