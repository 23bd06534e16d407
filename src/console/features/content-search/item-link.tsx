// Where a search result opens in the console: a course group its group page, a learning path its
// learning path page, anything else its content view (`GET /content/{type}/{id}`, and for a course
// its full content).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ContentSearchType } from '#contract/enums.ts';

export function ItemLink({
  type,
  id,
  className,
  children,
}: {
  type: ContentSearchType;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  if (type === 'courseGroups')
    return (
      <Link to="/course-groups/$groupId" params={{ groupId: id }} className={className}>
        {children}
      </Link>
    );
  if (type === 'learningPaths')
    return (
      <Link to="/learning-paths" search={{ id }} className={className}>
        {children}
      </Link>
    );
  return (
    <Link to="/content/$type/$id" params={{ type, id }} className={className}>
      {children}
    </Link>
  );
}
