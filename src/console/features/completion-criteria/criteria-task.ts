// Completion criteria as a task for the shared bulk runner: one item per course, chunks of at most
// 1,000 (the sandbox's OpenAPI document), `POST /content/completion-criteria/bulk` to add and
// `…/bulk/update` to change. A course is done only when the answer returns its criterion in its place.
import { isApiError } from '../../lib/api-error.ts';
import type { BulkItem, BulkTask } from '../../lib/bulk/bulk-runner.ts';
import { refusalOutcomes, unconfirmedOutcomes } from '../../lib/bulk/refusal-outcomes.ts';
import {
  bulkCreateCompletionCriteria,
  bulkUpdateCompletionCriteria,
} from '../../lib/content-api.ts';
import type { CourseItem } from './criterion-items.ts';

/** Items per call: the schemas of the sandbox's OpenAPI document allow 1,000. */
export const CRITERIA_PER_CALL = 1000;
export const NOT_CONFIRMED = 'The API answered without this criterion: it is not confirmed.';

export interface CriterionItem extends BulkItem {
  courseId: string;
  request: Extract<CourseItem, { ok: true }>;
}

export function criteriaTask(mode: 'create' | 'update'): BulkTask<CriterionItem> {
  return {
    chunkSize: CRITERIA_PER_CALL,
    concurrency: 1,
    send: async (chunk, signal) => {
      try {
        const { completionCriteria } =
          mode === 'create'
            ? await bulkCreateCompletionCriteria(
                chunk.map((item) => item.request.create!),
                signal,
              )
            : await bulkUpdateCompletionCriteria(
                chunk.map((item) => item.request.update!),
                signal,
              );
        // The answer lists the criteria in the order of the request.
        return unconfirmedOutcomes(
          chunk,
          (item, index) => {
            const row = completionCriteria[index];
            const sent = item.request.create ?? item.request.update!;
            return (
              row !== undefined &&
              row.type === sent.type &&
              (mode === 'create' || row.id === item.request.update!.id)
            );
          },
          NOT_CONFIRMED,
        );
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'validation') throw error;
        return refusalOutcomes(chunk, error.messages, error.status);
      }
    },
  };
}
