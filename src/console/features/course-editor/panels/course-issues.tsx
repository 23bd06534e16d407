// Problems at the course itself, shown where its fields are edited.
import type { Issue } from '#compiler/index.ts';

export function CourseIssues({ issues, courseId }: { issues: readonly Issue[]; courseId: string }) {
  const here = issues.filter((i) => i.nodeId === courseId && i.severity === 'error');
  if (here.length === 0) return null;
  return (
    <ul className="course-issues" aria-label="Problems with the course">
      {here.map((issue, index) => (
        <li key={index} className="field__error">
          {issue.field ? `${issue.field}: ` : ''}
          {issue.message}
        </li>
      ))}
    </ul>
  );
}
