// What publishing a course with errors asks first: the errors the checks found, named one by one.
import type { CheckFinding } from '#contract/console/course-checks.ts';
import { plural } from '../../lib/format.ts';
import './course-checks.css';

export function CheckErrorsNotice({ errors }: { errors: readonly CheckFinding[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="checks-notice" data-testid="check-errors">
      <p>
        The course checks found {plural(errors.length, 'error')}. Learners will meet{' '}
        {errors.length === 1 ? 'it' : 'them'} if you publish now:
      </p>
      <ul>
        {errors.map((finding) => (
          <li key={finding.key}>
            <strong>
              {finding.item.place} · {finding.item.title || '(untitled)'}
            </strong>
            : {finding.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
