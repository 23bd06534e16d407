// POST /content/bulkUpdatePrices: up to 1000 course prices in one transaction. Every price is checked
// with the contract's price rule and every course must be the caller's; any failure changes nothing.
import { MESSAGES, READ_MESSAGES, priceIssue } from '#contract/index.ts';
import type { SandboxDeps } from '../../deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { createBulkQueries } from '../../storage/bulk-queries.ts';
import { createCourseRepository } from '../../storage/course-repository.ts';

export function duplicatesOf(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

export function createBulkPriceService(deps: SandboxDeps) {
  const courses = createCourseRepository(deps.db);
  const queries = createBulkQueries(deps.db);

  const apply = deps.db.transaction(
    (companyId: string, items: readonly { courseId: string; priceInCents: number }[]) => {
      const at = new Date(deps.now()).toISOString();
      for (const item of items) queries.setPrice(companyId, item.courseId, item.priceInCents, at);
    },
  );

  return {
    updatePrices(companyId: string, items: readonly { courseId: string; priceInCents: number }[]) {
      const errors = items.flatMap((item, index) => {
        const message = priceIssue(item.priceInCents);
        return message ? [`items[${index}].priceInCents: ${message}`] : [];
      });
      const courseIds = items.map((item) => item.courseId);
      const repeated = duplicatesOf(courseIds);
      if (repeated.length > 0) errors.push(READ_MESSAGES.duplicateItems('courseId', repeated));
      const found = courses.findByIds(companyId, courseIds);
      if (courseIds.some((id) => !found.has(id))) errors.push(MESSAGES.coursesNotFound);
      if (errors.length > 0) throw new ValidationError(errors);
      apply(companyId, items);
      return { updated: items.length, courseIds };
    },
  };
}
