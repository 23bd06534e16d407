// Where each screen of a saved view lives, and how a screen's search state is compared: a view is the
// current one when its search equals the URL's, whatever the order of the parameters.
import type { SavedViewScreen, ViewSearch } from '#contract/console/saved-views.ts';

export const SCREEN_PATHS = {
  eventMonitor: '/events',
  courseGroups: '/course-groups',
  auditLog: '/admin/audit',
} as const satisfies Record<SavedViewScreen, string>;

export const SCREEN_TITLES: Record<SavedViewScreen, string> = {
  eventMonitor: 'Event monitor',
  courseGroups: 'Course groups',
  auditLog: 'Audit log',
};

/** The URL's search state as a view stores it: set values only (text, numbers, true/false). */
export function toViewSearch(search: Readonly<Record<string, unknown>>): ViewSearch {
  const out: ViewSearch = {};
  for (const [key, value] of Object.entries(search))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = value;
  return out;
}

export function sameSearch(a: Readonly<Record<string, unknown>>, b: ViewSearch): boolean {
  const left = toViewSearch(a);
  const keys = new Set([...Object.keys(left), ...Object.keys(b)]);
  for (const key of keys) if (left[key] !== b[key]) return false;
  return true;
}
