// GET /courseGroups (list, one, by slug, courses, displayCourse): spec 4.3 and 4.4.
import type { FastifyInstance } from 'fastify';
import type { CatalogReadService } from '../services/read/catalog-read-service.ts';
import { defineRoute } from './define-route.ts';

export function registerCourseGroupRoutes(app: FastifyInstance, catalog: CatalogReadService): void {
  defineRoute(app, 'listCourseGroups', ({ companyId, query }) =>
    catalog.listCourseGroups(companyId, query),
  );
  defineRoute(app, 'getCourseGroup', ({ companyId, params }) =>
    catalog.courseGroup(companyId, params.id),
  );
  defineRoute(app, 'getCourseGroupBySlug', ({ companyId, params }) =>
    catalog.courseGroupBySlug(companyId, params.slug),
  );
  defineRoute(app, 'listCourseGroupCourses', ({ companyId, params, query }) =>
    catalog.coursesOfGroup(companyId, params.id, query.activeOnly ?? false),
  );
  defineRoute(app, 'getDisplayCourse', ({ companyId, params }) =>
    catalog.displayCourse(companyId, params.id),
  );
}
