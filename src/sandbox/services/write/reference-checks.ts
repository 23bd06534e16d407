// Checks that need storage, shared by create and update: referenced tags, ribbons, content types,
// course groups, courses and learning paths must exist on the caller's company (spec 2.2, 4.2).
import { MESSAGES } from '#contract/index.ts';
import type { Db } from '../../storage/database.ts';
import { createCompanyConfigRepository } from '../../storage/company-config-repository.ts';
import { createCourseGroupRepository } from '../../storage/course-group-repository.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';
import { createTagRepository } from '../../storage/tag-repository.ts';

export interface References {
  tagIds?: readonly string[] | null | undefined;
  ribbon?: string | null | undefined;
  contentType?: string | null | undefined;
  relatedCourseGroupIds?: readonly string[] | null | undefined;
  prerequisiteCourseIds?: readonly string[] | null | undefined;
  prerequisiteLearningPathIds?: readonly string[] | null | undefined;
}

export function createReferenceChecks(db: Db) {
  const tags = createTagRepository(db);
  const config = createCompanyConfigRepository(db);
  const groups = createCourseGroupRepository(db);
  const courses = createCourseRepository(db);
  const allFound = (ids: readonly string[], found: Map<string, unknown>) =>
    ids.every((id) => found.has(id));

  return function referenceIssues(companyId: string, refs: References): string[] {
    const issues: string[] = [];
    const tagState = tags.ownership(companyId, refs.tagIds ?? []);
    if (tagState === 'notFound') issues.push(MESSAGES.tagsNotFound);
    if (tagState === 'foreign') issues.push(MESSAGES.tagsForeign);
    if (refs.ribbon && !config.ribbonExists(companyId, refs.ribbon))
      issues.push(MESSAGES.unknownRibbon(refs.ribbon));
    if (refs.contentType && !config.contentTypeExists(companyId, refs.contentType))
      issues.push(MESSAGES.unknownContentType(refs.contentType));
    const related = refs.relatedCourseGroupIds ?? [];
    if (!allFound(related, groups.findByIds(companyId, related)))
      issues.push(MESSAGES.relatedCourseGroupsNotFound);
    const prerequisites = refs.prerequisiteCourseIds ?? [];
    if (!allFound(prerequisites, courses.findByIds(companyId, prerequisites)))
      issues.push(MESSAGES.prerequisiteCoursesNotFound);
    if (config.missingLearningPaths(companyId, refs.prerequisiteLearningPathIds ?? []).length > 0)
      issues.push(MESSAGES.prerequisiteLearningPathsNotFound);
    return issues;
  };
}
