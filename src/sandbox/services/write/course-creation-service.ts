// `POST /content/course/create` (spec 4.1, 7.2). Validation runs in the spec's order: plain-text
// pre-checks, the JSON rules, the payload's shape, then checks against storage. Everything is then
// written in one transaction, together with the background job for the files to fetch.
import {
  CreateCoursesRequest,
  MESSAGES,
  createPrecheck,
  createRuleErrors,
  formatPath,
  type CourseAttributes,
  type CreateCoursesResponse,
  safeParseInput,
} from '#contract/index.ts';
import type { z } from '#contract/zod.ts';
import type { SandboxDeps } from '../../deps.ts';
import { PlainTextValidationError, ValidationError } from '../../lib/errors.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';
import { createCoursePlanWriter, planCourse, type CoursePlan } from './course-plan.ts';
import type { EnqueueResult, JobService } from '../jobs/job-service.ts';
import { createReferenceChecks } from './reference-checks.ts';

export type CreateOutcome =
  | { ok: true; response: CreateCoursesResponse }
  /** The content was saved but the pending-job limit kept its files from being queued (spec 7.2). */
  | { ok: false; errors: string[]; response: CreateCoursesResponse };

/** `Course at index N: ` only when several courses are sent (spec 7.2). */
const prefixer = (several: boolean) => (index: number, message: string) =>
  several ? MESSAGES.withCourseIndex(index, message) : message;

function shapeErrors(error: z.core.$ZodError, several: boolean): string[] {
  const prefix = prefixer(several);
  return error.issues.map((issue) => {
    const [root, index, ...rest] = issue.path;
    if (root === 'courseAttributes' && typeof index === 'number')
      return prefix(
        index,
        rest.length > 0 ? `${formatPath(rest)}: ${issue.message}` : issue.message,
      );
    const where = formatPath(issue.path);
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}

export function createCourseCreationService(deps: SandboxDeps, jobs: JobService) {
  const { db } = deps;
  const courses = createCourseRepository(db);
  const writer = createCoursePlanWriter(db);
  const referenceIssues = createReferenceChecks(db);

  function storageErrors(companyId: string, entries: CourseAttributes[]): string[] {
    const prefix = prefixer(entries.length > 1);
    const errors: string[] = [];
    const skus = new Map<string, number>();
    entries.forEach((entry, index) => {
      const issues = referenceIssues(companyId, entry);
      if (entry.sku !== undefined) {
        if (skus.has(entry.sku) || courses.skuOwner(companyId, entry.sku))
          issues.push(MESSAGES.duplicateSku(entry.sku));
        skus.set(entry.sku, index);
      }
      errors.push(...issues.map((message) => prefix(index, message)));
    });
    return errors;
  }

  const write = db.transaction((companyId: string, plans: CoursePlan[]): EnqueueResult => {
    for (const plan of plans) writer.withGroup(plan);
    return jobs.enqueueUploads(
      companyId,
      plans.flatMap((plan) => plan.uploads),
      true,
    );
  });

  function createCourses(companyId: string, body: unknown): CreateOutcome {
    const precheck = createPrecheck(body);
    if (precheck !== undefined) throw new PlainTextValidationError(precheck);
    const raw = (body as { courseAttributes: unknown[] }).courseAttributes;
    const ruleErrors = createRuleErrors(raw).errors;
    if (ruleErrors.length > 0) throw new ValidationError(ruleErrors);
    const parsed = safeParseInput(CreateCoursesRequest, body);
    if (!parsed.success) throw new ValidationError(shapeErrors(parsed.error, raw.length > 1));
    const entries = parsed.data.courseAttributes;
    const referenceErrors = storageErrors(companyId, entries);
    if (referenceErrors.length > 0) throw new ValidationError(referenceErrors);

    const at = new Date(deps.now()).toISOString();
    const plans = entries.map((entry) => planCourse(companyId, entry, at));
    const queued = write(companyId, plans);
    const response: CreateCoursesResponse = {
      courseIds: plans.map((plan) => plan.course.id),
      courseGroupIds: plans.map((plan) => plan.group.id),
    };
    if (queued.kind === 'limitHit')
      return { ok: false, errors: [MESSAGES.tooManyPendingJobs(queued.limit)], response };
    if (queued.kind === 'queued') response.backgroundJob = queued.backgroundJob;
    return { ok: true, response };
  }

  return { createCourses };
}
export type CourseCreationService = ReturnType<typeof createCourseCreationService>;
