// Turns zod issues into the API's flat `errors` strings ("courseAttributes[0].title: ...").
import type { z } from './zod.ts';

export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

export function formatZodIssues(error: z.core.$ZodError, skip = 0): string[] {
  return error.issues.map((issue) => {
    const where = formatPath(issue.path.slice(skip));
    return where ? `${where}: ${issue.message}` : issue.message;
  });
}
