// Narrow the grid to the courses of one course group: search groups by title, pick one, and its courses
// (`GET /courseGroups/{id}/courses`) are what the grid shows.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { contentQueries } from '../../lib/queries/content.ts';
import { courseGroupQueries } from '../../lib/queries/course-groups.ts';
import { useDebouncedEffect } from '../../lib/use-debounced-effect.ts';

export interface PickedGroup {
  id: string;
  title: string;
  courseIds: ReadonlySet<string> | null;
}

export function GroupFilter({
  group,
  onChange,
}: {
  group: PickedGroup | null;
  onChange(group: PickedGroup | null): void;
}) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useDebouncedEffect(text.trim(), 250, setQuery);
  const matches = useQuery({
    ...contentQueries.typeMatches('courseGroups', query),
    enabled: query.length >= 2 && !group,
  });
  const courses = useQuery({
    ...courseGroupQueries.courses(group?.id ?? '', false),
    enabled: Boolean(group && !group.courseIds),
  });
  if (group && !group.courseIds && courses.data)
    onChange({ ...group, courseIds: new Set(courses.data.courses.map((course) => course.id)) });

  if (group)
    return (
      <div className="group-filter group-filter--picked">
        <span className="field__label">Course group</span>
        <span className="chip">
          {group.title}
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Show every course, not only ${group.title}`}
            onClick={() => onChange(null)}
          >
            ×
          </Button>
        </span>
        {courses.isError ? (
          <span className="field__error">The group’s courses did not load.</span>
        ) : null}
      </div>
    );
  return (
    <div className="group-filter">
      <Field label="Course group" hint="Type part of a group’s title.">
        {(control) => (
          <input
            {...control}
            type="search"
            className="input"
            value={text}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      {matches.data && matches.data.length > 0 ? (
        <ul className="group-filter__matches" aria-label="Matching course groups">
          {matches.data.map((match) => (
            <li key={match.id}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setText('');
                  onChange({ id: match.id, title: match.title, courseIds: null });
                }}
              >
                {match.title}
              </button>
            </li>
          ))}
        </ul>
      ) : matches.data && query.length >= 2 ? (
        <p className="field__hint">No course group matches “{query}”.</p>
      ) : null}
    </div>
  );
}
