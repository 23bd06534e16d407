// Registers the read endpoints and translations of spec 4.3-4.4, and the meetings list (spec 8), in one plugin scope (the scope also
// holds the text/xml body parser used by XLIFF uploads).
import type { FastifyInstance } from 'fastify';
import type { SandboxDeps } from '../deps.ts';
import type { CursorCodec } from '../lib/cursor.ts';
import { createCatalogReadService } from '../services/read/catalog-read-service.ts';
import { createContentReadService } from '../services/read/content-read-service.ts';
import { createDirectoryReadService } from '../services/read/directory-read-service.ts';
import { createReadContext } from '../services/read/read-context.ts';
import { createStructureReadService } from '../services/read/structure-read-service.ts';
import { createTranslationService } from '../services/read/translation-service.ts';
import { registerContentRoutes } from './content-routes.ts';
import { registerCourseGroupRoutes } from './course-group-routes.ts';
import { registerDirectoryRoutes } from './directory-routes.ts';
import { registerStructureRoutes } from './structure-routes.ts';

export function registerReadRoutes(
  app: FastifyInstance,
  deps: SandboxDeps,
  cursors: CursorCodec,
): void {
  const context = createReadContext(deps, cursors);
  const catalog = createCatalogReadService(context);
  const structure = createStructureReadService(context, catalog);
  const content = createContentReadService(context, catalog, structure);
  const translations = createTranslationService(context, catalog, structure);

  void app.register(async (scope) => {
    registerCourseGroupRoutes(scope, catalog);
    registerStructureRoutes(scope, structure);
    registerContentRoutes(scope, content, translations);
    registerDirectoryRoutes(scope, createDirectoryReadService(context), content);
  });
}
