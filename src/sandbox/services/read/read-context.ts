// What the read services share: the cursor codec and the prepared read queries, built once per sandbox.
import type { SandboxDeps } from '../../deps.ts';
import type { CursorCodec } from '../../lib/cursor.ts';
import { createCatalogQueries } from '../../storage/catalog-queries.ts';
import { createDirectoryQueries } from '../../storage/directory-queries.ts';
import { createStructureQueries } from '../../storage/structure-queries.ts';

export function createReadContext(deps: SandboxDeps, codec: CursorCodec) {
  return {
    deps,
    db: deps.db,
    codec,
    catalog: createCatalogQueries(deps.db, codec),
    structure: createStructureQueries(deps.db, codec),
    directory: createDirectoryQueries(deps.db, codec),
  };
}

export type ReadContext = ReturnType<typeof createReadContext>;
