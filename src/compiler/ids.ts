// Client ids for draft nodes. Injected so tests and the editor get deterministic or collision-free ids.
export type IdGenerator = () => string;

/** `n_<random>` from the platform's CSPRNG (available in browsers and Node 20). */
export const randomId: IdGenerator = () => {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return `n_${Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('')}`;
};

/** Deterministic ids (`n_1`, `n_2`, ...) for tests and fixtures. */
export function sequentialIds(prefix = 'n_'): IdGenerator {
  let next = 0;
  return () => `${prefix}${++next}`;
}
