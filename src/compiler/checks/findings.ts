// A finding from a rule: its category and usual severity, a key that stays the same while the finding
// stands (so a list keeps its place and a fixed finding disappears), and the order of a report.
import {
  CHECK_RULES,
  CHECK_SEVERITIES,
  type CheckCategory,
  type CheckCounts,
  type CheckFinding,
  type CheckItem,
  type CheckRule,
  type CheckSeverity,
} from '#contract/console/course-checks.ts';

export interface Words {
  message: string;
  fix?: string;
}

export interface FindingExtra {
  field?: string;
  url?: string;
  alsoIn?: CheckItem[];
  /** Tells apart two findings of one rule on one field (two images without alt text in one body). */
  detail?: string;
  severity?: CheckSeverity;
}

/** Each rule's usual severity; link answers may say otherwise (a 403 is a warning, a 404 an error). */
export const RULE_SEVERITY: Record<CheckRule, CheckSeverity> = {
  courseWithoutTopics: 'error',
  emptySection: 'warning',
  emptyLesson: 'warning',
  duplicateTitle: 'warning',
  topicWithoutContent: 'error',
  topicIsShell: 'note',
  linkBroken: 'error',
  linkServerError: 'warning',
  linkTimeout: 'warning',
  linkUnresolved: 'error',
  linkRedirectLoop: 'error',
  linkTooManyRedirects: 'warning',
  linkUnreachable: 'warning',
  linkInternal: 'note',
  linkRelative: 'warning',
  imageWithoutAlt: 'error',
  assetWithoutAlt: 'warning',
  frameWithoutTitle: 'warning',
  vagueLinkText: 'warning',
  headingSkipsLevel: 'warning',
  descriptionEmpty: 'warning',
  descriptionTooLong: 'error',
  noThumbnail: 'warning',
};

const CATEGORY_OF = new Map<CheckRule, CheckCategory>(
  Object.entries(CHECK_RULES).flatMap(([category, rules]) =>
    rules.map((rule) => [rule as CheckRule, category as CheckCategory]),
  ),
);

export const categoryOf = (rule: CheckRule): CheckCategory => CATEGORY_OF.get(rule)!;

export function findingOf(
  rule: CheckRule,
  item: CheckItem,
  words: Words,
  extra: FindingExtra = {},
): CheckFinding {
  const { detail, severity, alsoIn, ...rest } = extra;
  return {
    key: [rule, item.id, extra.field ?? '', extra.url ?? '', detail ?? ''].join('|'),
    rule,
    category: categoryOf(rule),
    severity: severity ?? RULE_SEVERITY[rule],
    item,
    ...(alsoIn && alsoIn.length > 0 && { alsoIn }),
    ...rest,
    message: words.message,
    ...(words.fix !== undefined && { fix: words.fix }),
  };
}

/** Errors first, then warnings, then notes; the order found (course order) within each. */
export function sortFindings(findings: readonly CheckFinding[]): CheckFinding[] {
  const rank = (severity: CheckSeverity) => CHECK_SEVERITIES.indexOf(severity);
  return [...findings].sort((a, b) => rank(a.severity) - rank(b.severity));
}

export function countFindings(findings: readonly CheckFinding[]): CheckCounts {
  const counts: CheckCounts = { error: 0, warning: 0, note: 0 };
  for (const finding of findings) counts[finding.severity] += 1;
  return counts;
}
