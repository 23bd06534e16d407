// What the read services share: the cursor codec and the prepared read queries, built once per sandbox.
import type { SandboxDeps } from '../deps.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import { catalogQueries } from '../storage/catalog-queries.ts';
import { directoryQueries } from '../storage/directory-queries.ts';
import { structureQueries } from '../storage/structure-queries.ts';

export function createReadContext(deps: SandboxDeps, codec: CursorCodec) {
  return {
    deps,
    db: deps.db,
    codec,
    catalog: catalogQueries(deps.db, codec),
    structure: structureQueries(deps.db, codec),
    directory: directoryQueries(deps.db, codec),
  };
}

export type ReadContext = ReturnType<typeof createReadContext>;
