// Parses a request part with zod; failures become one 400 naming the field.
import type { z } from '#contract/zod.ts';
import { safeParseInput } from '#contract/index.ts';
import { ApiError } from '../errors.ts';

export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> {
  const result = safeParseInput(schema, value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new ApiError(400, 'bad_request', `${where}${issue.message}`);
}
