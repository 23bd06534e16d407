// The unit ids of a course's hidden sections, read from its structure (other items have none).
import { useQuery } from '@tanstack/react-query';
import type { ContentSearchType } from '#contract/enums.ts';
import { hiddenUnitIds } from '../../lib/hidden-sections.ts';
import { courseQueries } from '../../lib/queries/courses.ts';

const NONE: ReadonlySet<string> = new Set();

export function useHiddenUnits(type: ContentSearchType, id: string): ReadonlySet<string> {
  const { data } = useQuery({
    ...courseQueries.structure(id),
    enabled: type === 'courses',
    select: hiddenUnitIds,
  });
  return data ?? NONE;
}
