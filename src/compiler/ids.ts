// Client ids for draft nodes. Injected so tests and the editor get deterministic or collision-free ids.
export type IdGenerator = () => string;

const ID_BYTES = 9;
/** Ids drawn from the CSPRNG at once: opening a 2,000-node course asks for 2,000 of them. */
const POOL_IDS = 256;
const BYTE_TEXT = Array.from({ length: 256 }, (_, b) => b.toString(36).padStart(2, '0'));
const pool = new Uint8Array(ID_BYTES * POOL_IDS);
let used = POOL_IDS;

/** `n_<random>` from the platform's CSPRNG (available in browsers and Node 20). */
export const randomId: IdGenerator = () => {
  if (used === POOL_IDS) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  const at = used++ * ID_BYTES;
  let id = 'n_';
  for (let i = at; i < at + ID_BYTES; i++) id += BYTE_TEXT[pool[i]!];
  return id;
};

/** Deterministic ids (`n_1`, `n_2`, ...) for tests and fixtures. */
export function sequentialIds(prefix = 'n_'): IdGenerator {
  let next = 0;
  return () => `${prefix}${++next}`;
}
