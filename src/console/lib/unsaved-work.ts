// Work on the page that leaving would interrupt (an editor's unapplied draft, a run in progress), for
// actions that end more than a page: signing out asks first when there is any. A screen registers a
// check while it is mounted; the check says in words what would be left, or null.
type Check = () => string | null;

const checks = new Set<Check>();

/** Registers `check` until the returned function is called. */
export function registerUnsavedWork(check: Check): () => void {
  checks.add(check);
  return () => void checks.delete(check);
}

/** What would be left behind, in words (one line per screen); empty when nothing. */
export function unsavedWork(): string[] {
  return [...checks].map((check) => check()).filter((text): text is string => text !== null);
}
