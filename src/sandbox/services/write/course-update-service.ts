// `PUT /content/course/update` (spec 4.2, 7.2). Validation order: the static rules (with each
// existing topic's stored type resolved), the payload's shape, then storage checks; the whole
// change is then written in one transaction. Update returns no ids, so a new child can only name
// a parent that already exists (not one created in the same request).
import {
  MESSAGES,
  UpdateCoursesRequest,
  countUpdateItems,
  formatPath,
  isPlainObject,
  updateRuleIssues,
  type UpdateCourseAttributes,
  type UpdateCoursesResponse,
  safeParseInput,
} from '#contract/index.ts';
import type { z } from '#contract/zod.ts';
import type { SandboxDeps } from '../../deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { createTopicRepository } from '../../storage/topic-repository.ts';
import type { EnqueueResult, JobService } from '../jobs/job-service.ts';
import { createCatalogUpdates } from './catalog-updates.ts';
import { createUpdateChecks } from './update-checks.ts';
import { createStructureUpdates } from './structure-updates.ts';

export type UpdateOutcome =
  | { ok: true; response: UpdateCoursesResponse }
  /** Saved, but the pending-job limit kept the files from being queued (spec 7.2). */
  | { ok: false; errors: string[] };

/** `topics[0].type: ...`: paths inside `courseAttributes` are shown relative to it. */
function shapeErrors(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const path =
      issue.path[0] === 'courseAttributes' && issue.path.length > 1
        ? issue.path.slice(1)
        : issue.path;
    const where = formatPath(path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

export function createCourseUpdateService(deps: SandboxDeps, jobs: JobService) {
  const { db } = deps;
  const topics = createTopicRepository(db);
  const storageErrors = createUpdateChecks(db);
  const catalog = createCatalogUpdates(db);
  const structure = createStructureUpdates(db);

  function ruleErrors(companyId: string, attributes: Record<string, unknown>): string[] {
    const items = Array.isArray(attributes.topics) ? attributes.topics : [];
    const ids = items.flatMap((item) =>
      isPlainObject(item) && typeof item.id === 'string' ? [item.id] : [],
    );
    const stored = topics.typesByIds(companyId, ids);
    const typeOf = (item: Record<string, unknown>) =>
      typeof item.type === 'string'
        ? item.type
        : typeof item.id === 'string'
          ? stored.get(item.id)
          : undefined;
    return updateRuleIssues(attributes, typeOf).map((issue) => issue.message);
  }

  const write = db.transaction((companyId: string, a: UpdateCourseAttributes): EnqueueResult => {
    const at = new Date(deps.now()).toISOString();
    // Parents before children, so a move lands under the parent's state after this request.
    const uploads = catalog.updateGroups(companyId, a.courseGroups ?? [], at);
    catalog.updateCourses(companyId, a.courses ?? [], at);
    structure.updateSections(companyId, a.sections ?? []);
    structure.updateLessons(companyId, a.lessons ?? []);
    uploads.push(...structure.updateTopics(companyId, a.topics ?? []));
    return jobs.enqueueUploads(companyId, uploads, false);
  });

  function updateCourses(companyId: string, body: unknown): UpdateOutcome {
    const attributes = isPlainObject(body) ? body.courseAttributes : undefined;
    if (isPlainObject(attributes)) {
      const errors = ruleErrors(companyId, attributes);
      if (errors.length > 0) throw new ValidationError(errors);
    }
    const parsed = safeParseInput(UpdateCoursesRequest, body);
    if (!parsed.success) throw new ValidationError(shapeErrors(parsed.error));
    const a = parsed.data.courseAttributes;
    if (countUpdateItems(a) === 0) throw new ValidationError([MESSAGES.noItemsProvided]);
    const errors = storageErrors(companyId, a);
    if (errors.length > 0) throw new ValidationError(errors);

    const queued = write(companyId, a);
    if (queued.kind === 'limitHit')
      return { ok: false, errors: [MESSAGES.tooManyPendingJobs(queued.limit)] };
    if (queued.kind === 'queued')
      return { ok: true, response: { success: true, backgroundJob: queued.backgroundJob } };
    return { ok: true, response: true };
  }

  return { updateCourses };
}
export type CourseUpdateService = ReturnType<typeof createCourseUpdateService>;
