// Certificate templates as a task for the shared bulk runner: one item per template, chunks of at most
// 1,000 (the sandbox's OpenAPI document). A template is done only when the answer returns it in its
// place; the answer's templates (with the ids of new ones) are handed to `onSaved`.
import type { z } from '#contract/zod.ts';
import type { CertificateTemplate } from '#contract/schemas/release.ts';
import { isApiError } from '../../lib/api-error.ts';
import type { BulkItem, BulkTask } from '../../lib/bulk/bulk-runner.ts';
import { refusalOutcomes, unconfirmedOutcomes } from '../../lib/bulk/refusal-outcomes.ts';
import {
  bulkCreateCertificateTemplates,
  bulkUpdateCertificateTemplates,
} from '../../lib/content-api.ts';
import type { TemplateMode, TemplateRequest } from './template-model.ts';

export const TEMPLATES_PER_CALL = 1000;
export const NOT_CONFIRMED = 'The API answered without this template: it is not confirmed.';

export type SavedTemplate = z.infer<typeof CertificateTemplate>;

export interface TemplateItem extends BulkItem {
  request: Extract<TemplateRequest, { ok: true }>;
}

export function templateTask(
  mode: TemplateMode,
  onSaved: (item: TemplateItem, template: SavedTemplate) => void,
): BulkTask<TemplateItem> {
  return {
    chunkSize: TEMPLATES_PER_CALL,
    concurrency: 1,
    send: async (chunk, signal) => {
      try {
        const { certificateTemplates } =
          mode === 'create'
            ? await bulkCreateCertificateTemplates(
                chunk.map((item) => item.request.create!),
                signal,
              )
            : await bulkUpdateCertificateTemplates(
                chunk.map((item) => item.request.update!),
                signal,
              );
        const matches = (item: TemplateItem, index: number) => {
          const saved = certificateTemplates[index];
          if (!saved) return false;
          return item.request.update
            ? saved.id === item.request.update.id
            : saved.name === item.request.create!.name;
        };
        chunk.forEach((item, index) => {
          if (matches(item, index)) onSaved(item, certificateTemplates[index]!);
        });
        return unconfirmedOutcomes(chunk, matches, NOT_CONFIRMED);
      } catch (error) {
        if (!isApiError(error) || error.kind !== 'validation') throw error;
        return refusalOutcomes(chunk, error.messages, error.status);
      }
    },
  };
}
