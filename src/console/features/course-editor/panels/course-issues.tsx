// Problems at the course that no field below shows (a field's problem sits under the field).
import type { Issue } from '#compiler/index.ts';
import { issueWords } from '../compile/issue-words.ts';

export function CourseIssues({ issues, courseId }: { issues: readonly Issue[]; courseId: string }) {
  const here = issues.filter((i) => i.nodeId === courseId && i.severity === 'error' && !i.field);
  if (here.length === 0) return null;
  return (
    <ul className="course-issues" aria-label="Problems with the course">
      {here.map((issue, index) => (
        <li key={index} className="field__error">
          {issueWords(issue).text}
        </li>
      ))}
    </ul>
  );
}
