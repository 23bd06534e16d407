// The courses, groups and learning paths an audit record's call touched, by title, each with its id
// kept as a link. A title the call itself carried is shown as recorded; the others are read (current
// title) through the cached Content API queries. Under each, what the call changed on it, old -> new.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AuditSubject } from '#contract/console/audit.ts';
import { AUDIT_SUBJECT_LABELS } from '../../lib/labels/audit.ts';
import { auditChangeWords } from '../../lib/change-words.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { courseQueries } from '../../lib/queries/courses.ts';
import { learningPathQueries } from '../../lib/queries/learning-paths.ts';

export function AuditSubjects({ subjects }: { subjects: readonly AuditSubject[] }) {
  if (subjects.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="audit-subjects">
      {subjects.map((subject) => (
        <li key={`${subject.type}:${subject.id}`}>
          <SubjectLine subject={subject} />
          {subject.changes?.length ? (
            <ul className="audit-subject__changes">
              {subject.changes.map((change, index) => (
                <li key={index}>{auditChangeWords(change)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function SubjectLine({ subject }: { subject: AuditSubject }) {
  const label = AUDIT_SUBJECT_LABELS[subject.type];
  if (subject.type === 'courseGroup') return <GroupSubject subject={subject} label={label} />;
  if (subject.type === 'course') return <CourseSubject subject={subject} label={label} />;
  return <PathSubject subject={subject} label={label} />;
}

interface SubjectProps {
  subject: AuditSubject;
  label: string;
}

function Title({ title, failed }: { title: string | null | undefined; failed: boolean }) {
  if (title) return <span className="audit-subject__title">{title}</span>;
  return <span className="muted">{failed ? 'title unavailable' : '…'}</span>;
}

function GroupSubject({ subject, label }: SubjectProps) {
  const query = useQuery({ ...courseGroupQueries.detail(subject.id), enabled: !subject.title });
  return (
    <>
      <span className="audit-subject__type">{label}</span>{' '}
      <Title title={subject.title ?? query.data?.title} failed={query.isError} />
      <Link
        to="/course-groups/$groupId"
        params={{ groupId: subject.id }}
        className="audit-subject__id mono"
        aria-label={`${label} ${subject.id}`}
      >
        {subject.id}
      </Link>
    </>
  );
}

function CourseSubject({ subject, label }: SubjectProps) {
  // The structure names the course's group, which its page lives under.
  const query = useQuery(courseQueries.structure(subject.id));
  const groupId = query.data?.courseGroupId;
  return (
    <>
      <span className="audit-subject__type">{label}</span>{' '}
      <Title title={subject.title ?? query.data?.title} failed={query.isError} />
      {groupId ? (
        <Link
          to="/course-groups/$groupId"
          params={{ groupId }}
          search={{ course: subject.id }}
          className="audit-subject__id mono"
          aria-label={`${label} ${subject.id}`}
        >
          {subject.id}
        </Link>
      ) : (
        <span className="audit-subject__id mono">{subject.id}</span>
      )}
    </>
  );
}

function PathSubject({ subject, label }: SubjectProps) {
  const query = useQuery({ ...learningPathQueries.detail(subject.id), enabled: !subject.title });
  return (
    <>
      <span className="audit-subject__type">{label}</span>{' '}
      <Title title={subject.title ?? query.data?.learningPath.title} failed={query.isError} />
      <Link
        to="/learning-paths"
        search={{ id: subject.id }}
        className="audit-subject__id mono"
        aria-label={`${label} ${subject.id}`}
      >
        {subject.id}
      </Link>
    </>
  );
}
