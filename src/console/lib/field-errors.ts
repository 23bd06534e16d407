// The messages a form shows under its fields from a refused zod check: one per field, the first.
// For the small forms checked without a form library (sign-in, granting a role).

/** What a zod check refused: each issue's path (the field first) and message. */
interface Refusal {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The first message of each top-level field the check refused. */
export function firstErrorPerField<Field extends string>(
  refusal: Refusal,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of refusal.issues) errors[issue.path[0] as Field] ??= issue.message;
  return errors;
}
