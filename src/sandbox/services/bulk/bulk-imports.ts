// The four bulk imports (spec 4.4): the request queues a `bulkImport` job whose payload names the
// file (routes/bulk-routes.ts); the job worker later runs `bulkImportJobHandler`, which imports webinar / in-person-event
// course groups or sessions from a JSON array of rows. A file with any bad row imports nothing.
import { randomUUID } from 'node:crypto';
import { z } from '#contract/zod.ts';
import {
  BulkImportCourseGroupRow,
  BulkImportJobPayload,
  BulkImportSessionRow,
  MESSAGES,
  importRowProblems,
  type BulkImportEventKind,
} from '#contract/index.ts';
import type { SandboxDeps } from '../../deps.ts';
import { parseJson } from '../../storage/database.ts';
import {
  createCourseGroupRepository,
  newCourseGroupRow,
} from '../../storage/course-group-repository.ts';
import {
  createCourseRepository,
  newCourseRow,
  type CourseColumns,
} from '../../storage/course-repository.ts';
import type { JobRow } from '../../storage/job-repository.ts';
import { fetchFailure } from '../jobs/job-worker.ts';
import { uniqueSlug } from '../write/slugs.ts';

type SessionInput = Omit<BulkImportSessionRow, 'courseGroupId'>;
const MAX_REPORTED_ROWS = 5;

/** The rows of a `data:` URL, or a reason why there are none. */
export function readDataUrl(url: string): { rows: unknown } | { error: string } {
  const match = /^data:([^,]*?)(;base64)?,(.*)$/s.exec(url);
  if (!match) return { error: 'bulkImportAssetPath is not a valid data: URL' };
  const text = match[2]
    ? Buffer.from(match[3]!, 'base64').toString('utf8')
    : decodeURIComponent(match[3]!);
  try {
    return { rows: JSON.parse(text) as unknown };
  } catch {
    return { error: 'The import file is not valid JSON' };
  }
}

/** Validates every row; the reason names the first few bad rows (1-based, as in a spreadsheet). */
function validateRows<S extends z.ZodMiniType>(
  schema: S,
  rows: unknown,
): { rows: z.output<S>[] } | { error: string } {
  const checked = importRowProblems(schema, rows);
  if (checked.problems.length > 0)
    return { error: checked.problems.slice(0, MAX_REPORTED_ROWS).join(' | ') };
  return { rows: checked.rows };
}

export function bulkImportJobHandler(deps: SandboxDeps): (job: JobRow) => string | null {
  const groups = createCourseGroupRepository(deps.db);
  const courses = createCourseRepository(deps.db);

  function sessionRow(
    companyId: string,
    groupId: string,
    kind: BulkImportEventKind,
    title: string,
    input: SessionInput,
    at: string,
  ): CourseColumns {
    const customFields = {
      ...(input.location ? { location: input.location } : {}),
      ...(input.meetingUrl ? { meetingUrl: input.meetingUrl } : {}),
    };
    return newCourseRow(
      {
        id: randomUUID(),
        company_id: companyId,
        course_group_id: groupId,
        title,
        kind,
        status: input.status ?? 'draft',
        sku: input.sku ?? null,
        enrollment_limit: input.enrollmentLimit ?? null,
        enrollment_end_date: input.startDate,
        course_start_date: input.startDate,
        course_end_date: input.endDate ?? null,
        price_in_cents: input.priceInCents ?? 0,
        purchasable: input.priceInCents ? 1 : 0,
        custom_fields: JSON.stringify(customFields),
      },
      at,
    );
  }

  /** SKUs must stay unique per company: checked before writing so the job fails cleanly. */
  function skuConflicts(companyId: string, skus: readonly (string | undefined)[]): string | null {
    const seen = new Set<string>();
    for (const sku of skus) {
      if (!sku) continue;
      if (seen.has(sku) || courses.skuOwner(companyId, sku)) return MESSAGES.duplicateSku(sku);
      seen.add(sku);
    }
    return null;
  }

  const importGroups = deps.db.transaction(
    (companyId: string, kind: BulkImportEventKind, rows: readonly BulkImportCourseGroupRow[]) => {
      const at = new Date(deps.now()).toISOString();
      for (const row of rows) {
        const groupId = randomUUID();
        const session = sessionRow(companyId, groupId, kind, row.title, row, at);
        groups.insert(
          newCourseGroupRow(
            {
              id: groupId,
              company_id: companyId,
              title: row.title,
              slug: uniqueSlug(
                row.title,
                (slug) => groups.slugOwner(companyId, slug) !== undefined,
              ),
              kind,
              content_type: kind,
              description: row.description ?? '',
            },
            at,
          ),
        );
        courses.insert(session);
        groups.setDisplayCourse(groupId, session.id, at);
      }
    },
  );

  const importSessions = deps.db.transaction(
    (companyId: string, kind: BulkImportEventKind, rows: readonly BulkImportSessionRow[]) => {
      const at = new Date(deps.now()).toISOString();
      const owners = groups.findByIds(companyId, [...new Set(rows.map((r) => r.courseGroupId))]);
      for (const { courseGroupId, ...input } of rows) {
        const group = owners.get(courseGroupId)!;
        const title = input.title ?? `${group.title} (${input.startDate.slice(0, 10)})`;
        courses.insert(sessionRow(companyId, courseGroupId, kind, title, input, at));
      }
    },
  );

  return (job) => {
    const payload = BulkImportJobPayload.safeParse(parseJson<unknown>(job.payload, null));
    if (!payload.success) return 'The job payload does not describe a bulk import';
    const { target, eventKind, bulkImportAssetPath: url } = payload.data;
    if (!url.startsWith('data:'))
      // The sandbox never reaches the network: remote files import nothing unless meant to fail.
      return fetchFailure(url, deps.settings.get().jobFailureRate);
    const file = readDataUrl(url);
    if ('error' in file) return file.error;
    try {
      if (target === 'courseGroup') {
        const parsed = validateRows(BulkImportCourseGroupRow, file.rows);
        if ('error' in parsed) return parsed.error;
        const conflict = skuConflicts(
          job.company_id,
          parsed.rows.map((r) => r.sku),
        );
        if (conflict) return conflict;
        importGroups(job.company_id, eventKind, parsed.rows);
        return null;
      }
      const parsed = validateRows(BulkImportSessionRow, file.rows);
      if ('error' in parsed) return parsed.error;
      const ids = [...new Set(parsed.rows.map((r) => r.courseGroupId))];
      const owners = groups.findByIds(job.company_id, ids);
      const wrong = ids.filter((id) => owners.get(id)?.kind !== eventKind);
      if (wrong.length > 0)
        return `Course groups not found or not of kind ${eventKind}: ${wrong.join(', ')}`;
      const conflict = skuConflicts(
        job.company_id,
        parsed.rows.map((r) => r.sku),
      );
      if (conflict) return conflict;
      importSessions(job.company_id, eventKind, parsed.rows);
      return null;
    } catch (error) {
      // A nested transaction rolls back to its savepoint; the job fails instead of the worker.
      return `Import failed: ${(error as Error).message}`;
    }
  };
}
