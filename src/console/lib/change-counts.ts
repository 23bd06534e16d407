// How much a course changed between two versions, in words: a module of its own (plain words, no
// labels or money) so the review queue, which says it before its heading, does not fetch the words of
// every changed value (change-words.ts, the course's labels and money: 3.3 KB gzip).
import type { VersionCounts } from '#contract/console/version-counts.ts';
import { plural } from './format.ts';

/** What a change (or a run of them) did to a course's outline and fields, in words ("2 renamed, 1 moved"). */
export function countsParts(counts: VersionCounts): string[] {
  return [
    counts.added && `${counts.added} added`,
    counts.removed && `${counts.removed} removed`,
    counts.moved && `${counts.moved} moved`,
    counts.reordered && `${counts.reordered} reordered`,
    counts.renamed && `${counts.renamed} renamed`,
    counts.changed && `${counts.changed} changed`,
    counts.courseFields && plural(counts.courseFields, 'course field'),
    counts.criteria && plural(counts.criteria, 'criterion', 'criteria'),
  ].filter((part): part is string => Boolean(part));
}
