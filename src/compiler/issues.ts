// Problems found in a draft or a plan, located at the draft node they concern.
import type { z } from '#contract/zod.ts';

export type IssueSeverity = 'error' | 'warning';

/**
 * `rule`: a rule of the API (spec 7.2, 8) or a type rule (2.3-2.5); `shape`: a zod shape check;
 * `unsupported`: an edit the API cannot express; `binding`: new ids could not be bound after a re-read;
 * `server`: a message the API answered with.
 */
export type IssueCode = 'rule' | 'shape' | 'unsupported' | 'binding' | 'server' | 'split';

/**
 * What a `shape` issue found, as data rather than zod's sentence, so a screen can say it in its own
 * words ("Price can be at most …") and no schema wording reaches a user.
 */
export type IssueDetail =
  | { type: 'required' }
  | { type: 'wrongType'; expected: string }
  | { type: 'tooLong'; maximum: number }
  | { type: 'tooShort'; minimum: number }
  | { type: 'tooLarge'; maximum: number }
  | { type: 'tooSmall'; minimum: number }
  | { type: 'notWhole' }
  | { type: 'format'; format: string }
  | { type: 'notAChoice'; choices: string[] }
  | { type: 'unknownField'; fields: string[] }
  | { type: 'invalid' };

export interface Issue {
  /** The draft node's client id (the course draft's own client id for course-level issues). */
  nodeId: string;
  field?: string;
  message: string;
  severity: IssueSeverity;
  code: IssueCode;
  /** `shape` issues: what was wrong, as data. */
  detail?: IssueDetail;
}

export const hasErrors = (issues: readonly Issue[]): boolean =>
  issues.some((issue) => issue.severity === 'error');

/**
 * Drop repeats of the same message at the same place (zod refinements and direct rules overlap), and
 * a schema's generic wording where an API rule speaks about the same field in the spec's words (a
 * cleared title is "course must have a non-empty title", not also "expected string").
 */
export function dedupeIssues(issues: readonly Issue[]): Issue[] {
  const place = (issue: Issue) => `${issue.nodeId}\u0000${issue.field ?? ''}`;
  const ruled = new Set(
    issues
      .filter((issue) => issue.code === 'rule' && issue.severity === 'error' && issue.field)
      .map(place),
  );
  const seen = new Set<string>();
  return issues.filter((issue) => {
    if (issue.code === 'shape' && issue.field && ruled.has(place(issue))) return false;
    const key = `${place(issue)}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The data of a zod issue (parsed with `reportInput`, so a missing value reads as "required"). */
export function detailOfZodIssue(issue: z.core.$ZodIssue): IssueDetail {
  const limit = (value: number | bigint) => Number(value);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? { type: 'required' }
        : issue.expected === 'int'
          ? { type: 'notWhole' }
          : { type: 'wrongType', expected: issue.expected };
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array'
        ? { type: 'tooLong', maximum: limit(issue.maximum) }
        : { type: 'tooLarge', maximum: limit(issue.maximum) };
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array'
        ? limit(issue.minimum) <= 1
          ? { type: 'required' }
          : { type: 'tooShort', minimum: limit(issue.minimum) }
        : { type: 'tooSmall', minimum: limit(issue.minimum) };
    case 'invalid_format':
      return { type: 'format', format: issue.format };
    case 'invalid_value':
      return { type: 'notAChoice', choices: issue.values.map(String) };
    case 'unrecognized_keys':
      return { type: 'unknownField', fields: issue.keys };
    case 'custom':
      // The contract's one refinement of a plain string: IsoDate.
      return /ISO 8601/.test(issue.message)
        ? { type: 'format', format: 'date' }
        : { type: 'invalid' };
    default:
      return { type: 'invalid' };
  }
}

/** A shape problem in plain words for a place in a file ("is missing", "should be a number"). */
export function plainDetail(detail: IssueDetail): string {
  switch (detail.type) {
    case 'required':
      return 'is missing';
    case 'wrongType':
      return `should be ${detail.expected === 'array' || detail.expected === 'object' ? 'an' : 'a'} ${detail.expected}`;
    case 'tooLong':
      return `is longer than ${detail.maximum}`;
    case 'tooShort':
      return `is shorter than ${detail.minimum}`;
    case 'tooLarge':
      return `is more than ${detail.maximum}`;
    case 'tooSmall':
      return `is less than ${detail.minimum}`;
    case 'notWhole':
      return 'should be a whole number';
    case 'format':
      return `should be ${detail.format === 'url' ? 'a web address' : `a ${detail.format}`}`;
    case 'notAChoice':
      return `should be one of ${detail.choices.join(', ')}`;
    case 'unknownField':
      return `has fields a draft does not have: ${detail.fields.join(', ')}`;
    case 'invalid':
      return 'is not valid';
  }
}
