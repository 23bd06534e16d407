// Who this tab is, for presence: a browser id (one per browser profile, localStorage), a tab id (one
// per tab, kept across its reloads in sessionStorage) and a page-load id. A duplicated tab copies its
// sessionStorage, so two open tabs could share an id: each tab holds a Web Lock named after its id
// for as long as it lives, and a tab that finds its id's lock held by another gets a new id.
const BROWSER_KEY = 'lectern.browser-id';
const TAB_KEY = 'lectern.tab-id';

function newId(prefix: string): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

function stored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null; // Storage refused (private mode): an id for this page only.
  }
}

function store(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // As above.
  }
}

let browser: string | undefined;
export function browserId(): string {
  if (browser) return browser;
  browser = stored(() => localStorage, BROWSER_KEY) ?? newId('b');
  store(() => localStorage, BROWSER_KEY, browser);
  return browser;
}

/** This page load: a leave sent by an earlier load of the same tab never ends this one. */
export const loadId = newId('l');

/** Holds the lock named after `id` for the page's life; false when another tab holds it. */
function holdTabLock(id: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    void navigator.locks
      .request(`lectern-tab:${id}`, { ifAvailable: true }, (lock) => {
        resolve(lock !== null);
        // Held until the page goes away.
        return lock ? new Promise<void>(() => undefined) : undefined;
      })
      .catch(() => resolve(true));
  });
}

let tab: Promise<string> | undefined;
/** This tab's id (the same after a reload); resolves once no other open tab has it. */
export function tabId(): Promise<string> {
  tab ??= (async () => {
    const kept = stored(() => sessionStorage, TAB_KEY);
    if (kept) {
      // A reload: the previous page of this tab may release its lock a moment after this one starts.
      for (let attempt = 0; attempt < 4; attempt++) {
        if (await holdTabLock(kept)) return kept;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    }
    let id = newId('t');
    while (!(await holdTabLock(id))) id = newId('t');
    store(() => sessionStorage, TAB_KEY, id);
    return id;
  })();
  return tab;
}
