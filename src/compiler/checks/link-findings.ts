// From the link checker's answers to findings: one finding per distinct URL that is not fine, at the
// first item that uses it, with every other item that uses it in `alsoIn`.
import type { CheckFinding, CheckItem, CheckRule } from '#contract/console/course-checks.ts';
import { CHECK_MESSAGES } from './check-messages.ts';
import type { LinkUse } from './course-checks.ts';
import { findingOf, type Words } from './findings.ts';

/** What fetching one URL found (the console server's link checker says it; pure data here). */
export type LinkOutcome =
  | { kind: 'ok'; status: number }
  | { kind: 'status'; status: number; statusText: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'unresolved'; host: string }
  | { kind: 'redirectLoop'; chain: string[] }
  | { kind: 'tooManyRedirects'; limit: number }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'internal'; why: string };

/** Distinct URLs of a course, in the order first used. */
export const distinctUrls = (uses: readonly LinkUse[]): string[] => [
  ...new Set(uses.map((use) => use.url)),
];

export function linkFindings(
  uses: readonly LinkUse[],
  outcomeOf: (url: string) => LinkOutcome | undefined,
): CheckFinding[] {
  const byUrl = new Map<string, LinkUse[]>();
  for (const use of uses) {
    const list = byUrl.get(use.url);
    if (list) list.push(use);
    else byUrl.set(use.url, [use]);
  }
  const findings: CheckFinding[] = [];
  for (const [url, list] of byUrl) {
    const outcome = outcomeOf(url);
    const judged = outcome && judge(outcome);
    if (!judged) continue;
    const [first, ...rest] = list;
    const others: CheckItem[] = [];
    for (const use of rest)
      if (use.item.id !== first!.item.id && !others.some((item) => item.id === use.item.id))
        others.push(use.item);
    findings.push(
      findingOf(judged.rule, first!.item, judged.words, {
        field: first!.field,
        url,
        alsoIn: others,
        ...(judged.severity && { severity: judged.severity }),
      }),
    );
  }
  return findings;
}

function judge(
  outcome: LinkOutcome,
): { rule: CheckRule; words: Words; severity?: 'warning' } | undefined {
  switch (outcome.kind) {
    case 'ok':
      return undefined;
    case 'status':
      if (outcome.status >= 500)
        return {
          rule: 'linkServerError',
          words: CHECK_MESSAGES.linkServerError(outcome.status, outcome.statusText),
        };
      // Refused rather than missing: it may need an account, or turn automated clients away.
      if ([401, 403, 429].includes(outcome.status))
        return {
          rule: 'linkBroken',
          words: CHECK_MESSAGES.linkRefused(outcome.status, outcome.statusText),
          severity: 'warning',
        };
      return {
        rule: 'linkBroken',
        words: CHECK_MESSAGES.linkBroken(outcome.status, outcome.statusText),
      };
    case 'timeout':
      return { rule: 'linkTimeout', words: CHECK_MESSAGES.linkTimeout(outcome.ms) };
    case 'unresolved':
      return { rule: 'linkUnresolved', words: CHECK_MESSAGES.linkUnresolved(outcome.host) };
    case 'redirectLoop':
      return { rule: 'linkRedirectLoop', words: CHECK_MESSAGES.linkRedirectLoop(outcome.chain) };
    case 'tooManyRedirects':
      return {
        rule: 'linkTooManyRedirects',
        words: CHECK_MESSAGES.linkTooManyRedirects(outcome.limit),
      };
    case 'unreachable':
      return { rule: 'linkUnreachable', words: CHECK_MESSAGES.linkUnreachable(outcome.reason) };
    case 'internal':
      return { rule: 'linkInternal', words: CHECK_MESSAGES.linkInternal(outcome.why) };
  }
}
