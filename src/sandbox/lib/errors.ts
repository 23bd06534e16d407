// Errors a route or service throws; the one error handler (plugins/error-handler.ts) shapes the reply.
import type { z } from '#contract/zod.ts';
import { formatZodIssues, safeParseInput } from '#contract/index.ts';

/** 400 with `{ "errors": [...] }`. */
export class ValidationError extends Error {
  /** For handlers that only look at the status (the GraphQL route's). */
  readonly statusCode = 400;
  constructor(readonly errors: string[]) {
    super(errors.join('; '));
  }
}

/** 400 with a plain-text body (the spec's pre-checks). */
export class PlainTextValidationError extends Error {}

export class NotFoundError extends Error {}

/** 401 with an empty body (spec 5.6); the reason is logged, never sent. */
export class UnauthorizedError extends Error {}

export class ConflictError extends Error {}

/** Parses with a contract schema; failures become the API's `errors` strings. */
export function parseOrThrow<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  skipPath = 0,
): z.infer<S> {
  const result = safeParseInput(schema, value);
  if (!result.success) throw new ValidationError(formatZodIssues(result.error, skipPath));
  return result.data;
}
