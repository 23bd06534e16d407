// Content search, item bodies, full content and learning path milestones (spec 4.4).
import {
  READ_MESSAGES,
  type ContentSearchItem,
  type ContentSearchType,
  type FullContent,
  type LearningPath,
  type PageInfo,
  type PageQuery,
} from '#contract/index.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import {
  SEARCHABLE_TYPES,
  searchContent,
  type ContentSort,
  type SearchableType,
} from '../../storage/content-search-queries.ts';
import type { LearningPathRow } from '../../storage/catalog-queries.ts';
import type { CatalogReadService } from './catalog-read-service.ts';
import type { ReadContext } from './read-context.ts';
import type { StructureReadService } from './structure-read-service.ts';

export interface ContentSearchFilter extends PageQuery {
  types?: readonly ContentSearchType[] | undefined;
  query?: string | undefined;
  sort?: ContentSort | undefined;
}

export const isSearchable = (type: string): type is SearchableType =>
  (SEARCHABLE_TYPES as readonly string[]).includes(type);

const toLearningPath = (row: LearningPathRow): LearningPath => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  sku: row.sku,
  status: row.status as LearningPath['status'],
  description: row.description,
});

export function createContentReadService(
  context: ReadContext,
  groups: CatalogReadService,
  structure: StructureReadService,
) {
  const { catalog, db, codec } = context;

  const requireLearningPath = (companyId: string, id: string) => {
    const row = catalog.learningPath(companyId, id);
    if (!row) throw new NotFoundError(READ_MESSAGES.notFound('Learning path', id));
    return row;
  };

  function milestonesOf(companyId: string, path: LearningPathRow) {
    const milestones = new Map<
      string,
      {
        id: string;
        title: string;
        displayOrder: number;
        courses: { id: string; title: string; status: LearningPath['status'] }[];
      }
    >();
    for (const row of catalog.milestoneCourses(companyId, path.id)) {
      let milestone = milestones.get(row.milestone_id);
      if (!milestone) {
        milestone = {
          id: row.milestone_id,
          title: row.milestone_title,
          displayOrder: row.milestone_order,
          courses: [],
        };
        milestones.set(row.milestone_id, milestone);
      }
      if (row.course_id && row.course_title && row.course_status)
        milestone.courses.push({
          id: row.course_id,
          title: row.course_title,
          status: row.course_status as LearningPath['status'],
        });
    }
    return { learningPath: toLearningPath(path), milestones: [...milestones.values()] };
  }

  return {
    search(companyId: string, filter: ContentSearchFilter) {
      const requested = filter.types?.length ? filter.types : SEARCHABLE_TYPES;
      // Bundles, discount groups, pickable groups and products do not exist in the sandbox.
      const types = SEARCHABLE_TYPES.filter((type) => requested.includes(type));
      if (types.length === 0) {
        const pageInfo: PageInfo = { perPage: 0, total: 0, hasMore: false };
        return { pageInfo, content: [] as ContentSearchItem[] };
      }
      const page = searchContent(
        db,
        codec,
        companyId,
        { types, query: filter.query, sort: filter.sort },
        { cursor: filter.cursor, perPage: filter.perPage },
      );
      const content = page.rows.map((row): ContentSearchItem => ({
        id: row.id,
        type: row.type,
        title: row.title,
        slug: row.slug,
        status: row.status as ContentSearchItem['status'],
        kind: row.kind,
        updatedAt: row.updated_at,
        sku: row.sku,
        priceInCents: row.price_in_cents,
      }));
      return { pageInfo: page.pageInfo, content };
    },

    /** `{ id, title, slug, body }`: a course's body is its group's description. */
    body(companyId: string, type: ContentSearchType, id: string) {
      if (!isSearchable(type)) throw new NotFoundError(READ_MESSAGES.contentTypeHasNoItems(type));
      if (type === 'learningPaths') {
        const path = requireLearningPath(companyId, id);
        return { id, title: path.title, slug: path.slug, body: path.description };
      }
      if (type === 'courseGroups') {
        const group = groups.requireGroup(companyId, id);
        return { id, title: group.title, slug: group.slug, body: group.description };
      }
      const course = groups.requireCourse(companyId, id);
      const group = groups.requireGroup(companyId, course.course_group_id);
      return { id, title: course.title, slug: group.slug, body: group.description };
    },

    fullContent(companyId: string, type: 'courses' | 'learningPaths', id: string): FullContent {
      if (type === 'learningPaths') {
        const path = requireLearningPath(companyId, id);
        return { type: 'learningPaths', id, ...milestonesOf(companyId, path) };
      }
      const course = groups.course(companyId, id);
      return {
        type: 'courses',
        id,
        course,
        courseGroup: groups.courseGroup(companyId, course.courseGroupId),
        structure: structure.structure(companyId, id),
      };
    },

    learningPathMilestones(
      companyId: string,
      query: { learningPathId?: string | undefined; learningPathSku?: string | undefined },
    ) {
      if (query.learningPathId !== undefined)
        return milestonesOf(companyId, requireLearningPath(companyId, query.learningPathId));
      if (query.learningPathSku !== undefined) {
        const path = catalog.learningPathBySku(companyId, query.learningPathSku);
        if (!path)
          throw new NotFoundError(READ_MESSAGES.learningPathSkuNotFound(query.learningPathSku));
        return milestonesOf(companyId, path);
      }
      throw new ValidationError([READ_MESSAGES.learningPathSelectorRequired]);
    },
  };
}

export type ContentReadService = ReturnType<typeof createContentReadService>;
