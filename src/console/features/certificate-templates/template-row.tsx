// One template to create or change: name, orientation, body and courses; in change mode its id, and
// only the fields filled in change. Problems are shown at the row and keep it from being sent.
import { CoursePicker } from '../../components/course-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ORIENTATION_LABELS } from '../../lib/labels/templates.ts';
import {
  isUntouched,
  type Orientation,
  type TemplateDraft,
  type TemplateMode,
  type TemplateRequest,
} from './template-model.ts';

export function TemplateRow({
  draft,
  number,
  mode,
  request,
  locked,
  onChange,
  onRemove,
}: {
  draft: TemplateDraft;
  number: number;
  mode: TemplateMode;
  request: TemplateRequest;
  locked: boolean;
  onChange(draft: TemplateDraft): void;
  onRemove(): void;
}) {
  const picked = new Set(draft.courses.map((course) => course.id));
  const showCourses = mode === 'create' || draft.replaceCourses;
  return (
    <li className="template-row" aria-label={`Template ${number}`}>
      <div className="template-row__head">
        <h3 className="template-row__title">Template {number}</h3>
        <Button size="sm" variant="ghost" disabled={locked} onClick={onRemove}>
          Remove template {number}
        </Button>
      </div>
      <div className="template-row__fields">
        {mode === 'update' ? (
          <Field label="Template id">
            {(control) => (
              <input
                {...control}
                className="input input--mono"
                value={draft.id}
                readOnly={locked}
                spellCheck={false}
                onChange={(event) => onChange({ ...draft, id: event.target.value })}
              />
            )}
          </Field>
        ) : null}
        <Field label={mode === 'update' ? 'New name (optional)' : 'Name'}>
          {(control) => (
            <input
              {...control}
              className="input"
              value={draft.name}
              readOnly={locked}
              onChange={(event) => onChange({ ...draft, name: event.target.value })}
            />
          )}
        </Field>
        <Field label="Orientation">
          {(control) => (
            <select
              {...control}
              className="select"
              value={draft.orientation}
              disabled={locked}
              onChange={(event) =>
                onChange({ ...draft, orientation: event.target.value as Orientation | '' })
              }
            >
              {mode === 'update' ? <option value="">Keep as it is</option> : null}
              {Object.entries(ORIENTATION_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field
        label={mode === 'update' ? 'New body (optional, HTML)' : 'Body (HTML)'}
        hint="What the certificate says, e.g. Awarded to {{learner.name}} for {{course.title}}."
      >
        {(control) => (
          <textarea
            {...control}
            className="input textarea"
            rows={3}
            value={draft.body}
            readOnly={locked}
            onChange={(event) => onChange({ ...draft, body: event.target.value })}
          />
        )}
      </Field>
      {mode === 'update' ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.replaceCourses}
            disabled={locked}
            onChange={(event) => onChange({ ...draft, replaceCourses: event.target.checked })}
          />
          Replace its courses with the courses below
        </label>
      ) : null}
      {showCourses ? (
        <div className="template-row__courses">
          <p className="field__label">Courses ({draft.courses.length})</p>
          {draft.courses.length > 0 ? (
            <ul className="chip-list" aria-label={`Courses of template ${number}`}>
              {draft.courses.map((course) => (
                <li key={course.id} className="chip">
                  {course.title}
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={locked}
                    aria-label={`Remove ${course.title} from template ${number}`}
                    onClick={() =>
                      onChange({
                        ...draft,
                        courses: draft.courses.filter((c) => c.id !== course.id),
                      })
                    }
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <details className="template-row__picker">
            <summary>Add courses to template {number}</summary>
            <CoursePicker
              picked={picked}
              disabled={locked}
              onAdd={(courses) =>
                onChange({
                  ...draft,
                  courses: [...draft.courses, ...courses.map(({ id, title }) => ({ id, title }))],
                })
              }
            />
          </details>
        </div>
      ) : null}
      {!request.ok && !isUntouched(draft, mode) ? (
        <ul className="message-list template-row__problems">
          {request.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
