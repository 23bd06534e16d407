// Schedule an action on one group, course or learning path (admins): the action, a date and time in
// the admin's own time zone (named beside the box), an optional note. Sent in UTC with the zone.
import { useState, type FormEvent } from 'react';
import {
  SCHEDULE_ACTIONS,
  type ScheduleAction,
  type ScheduleTarget,
} from '#contract/console/schedules.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { fromLocalInput, ownTimeZone } from '../../lib/local-time.ts';
import { useCreateSchedule } from './schedules-api.ts';
import { runAtProblem, SCHEDULE_ACTION_LABELS } from './schedule-words.ts';

export function ScheduleForm({ target }: { target: ScheduleTarget }) {
  const actions = SCHEDULE_ACTIONS[target.type];
  const [action, setAction] = useState<ScheduleAction>(actions[0]!);
  const [when, setWhen] = useState('');
  const [note, setNote] = useState('');
  // Checked when sent (the clock moves on): shown until the date is changed.
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSchedule();
  const zone = ownTimeZone();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = runAtProblem(when, Date.now());
    setProblem(found);
    if (found) return;
    create.mutate(
      {
        target,
        action,
        runAt: fromLocalInput(when)!,
        timeZone: zone,
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          setWhen('');
          setNote('');
        },
      },
    );
  };

  return (
    <form className="schedule-form" onSubmit={submit} noValidate>
      <Field label="Action">
        {(control) => (
          <select
            {...control}
            className="select"
            value={action}
            onChange={(event) => setAction(event.target.value as ScheduleAction)}
          >
            {actions.map((value) => (
              <option key={value} value={value}>
                {SCHEDULE_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Date and time" hint={`Your time zone: ${zone}.`} error={problem ?? undefined}>
        {(control) => (
          <input
            {...control}
            type="datetime-local"
            className="input"
            value={when}
            onChange={(event) => {
              setWhen(event.target.value);
              setProblem(null);
            }}
          />
        )}
      </Field>
      <Field label="Note (optional)">
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </Field>
      {create.error ? (
        <ErrorState compact error={create.error} title="The action was not scheduled" />
      ) : null}
      <div className="panel__actions">
        <Button type="submit" variant="primary" pending={create.isPending}>
          Schedule {SCHEDULE_ACTION_LABELS[action].toLowerCase()}
        </Button>
      </div>
    </form>
  );
}
