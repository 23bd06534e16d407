/**
 * A value made on first use, then kept. For Intl formatters: the first one built in a page loads the
 * locale's ICU data (some 25 ms of main thread), which a module must not spend when it is imported.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
