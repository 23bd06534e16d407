// The filter form. Applying writes the filters into the URL (shareable, back button works); the list
// and the export links follow the URL. Five text fields, checked with zod in plain state as the roles
// page's grant form is: no form library, whose 14.5 KB gzip the page fetched before its heading.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { z } from '#contract/zod.ts';
import { AUDIT_STATUS_FILTER } from '#contract/console/audit-status.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import type { AuditSearchParams } from './audit-search.ts';
import { firstErrorPerField } from '../../lib/field-errors.ts';
import { fromLocalInput, ownTimeZone, toLocalInput } from '../../lib/local-time.ts';

const FilterForm = z
  .object({
    user: z.string().check(z.trim(), z.maxLength(320, 'At most 320 characters.')),
    route: z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters.')),
    status: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || AUDIT_STATUS_FILTER.test(value), {
        message: 'Enter a status code such as 403, or a class such as 4xx.',
      }),
    ),
    from: z.string(),
    to: z.string(),
  })
  .check(
    z.refine((value) => !value.from || !value.to || Date.parse(value.from) < Date.parse(value.to), {
      message: '“Until” must be after “From”.',
      path: ['to'],
    }),
  );
type FilterForm = z.infer<typeof FilterForm>;
type FilterName = keyof FilterForm;
type FilterErrors = Partial<Record<FilterName, string>>;
/** The fields in the form's order: a refused apply focuses the first that is refused. */
const FIELDS: readonly FilterName[] = ['user', 'route', 'status', 'from', 'to'];

/** The first message of each field the filters fail on; none when they pass. */
function check(input: FilterForm) {
  const parsed = FilterForm.safeParse(input);
  const errors: FilterErrors = parsed.success ? {} : firstErrorPerField<FilterName>(parsed.error);
  return { parsed, errors };
}

const toForm = (search: AuditSearchParams): FilterForm => ({
  user: search.user ?? '',
  route: search.route ?? '',
  status: search.status ?? '',
  from: toLocalInput(search.from),
  to: toLocalInput(search.to),
});

export interface AuditFiltersProps {
  search: AuditSearchParams;
  onApply(next: AuditSearchParams): void;
  /** The saved views control (given by the route). */
  views?: ReactNode;
}

export function AuditFilters({ search, onApply, views }: AuditFiltersProps) {
  const [input, setInput] = useState<FilterForm>(() => toForm(search));
  const [errors, setErrors] = useState<FilterErrors>({});
  // After a refused apply, each change is checked again, so an error goes as soon as it is mended.
  const [refused, setRefused] = useState(false);
  // The URL's filters replace what is typed whenever they change (applied, cleared, a saved view, back).
  const searchKey = JSON.stringify(search);
  const [shownKey, setShownKey] = useState(searchKey);
  if (shownKey !== searchKey) {
    setShownKey(searchKey);
    setInput(toForm(search));
    setErrors({});
    setRefused(false);
  }
  const refs = useRef<Partial<Record<FilterName, HTMLInputElement | null>>>({});
  const zone = ownTimeZone();

  const field = (name: FilterName) => ({
    name,
    ref: (element: HTMLInputElement | null) => {
      refs.current[name] = element;
    },
    value: input[name],
    onChange: (event: { target: { value: string } }) => {
      const next = { ...input, [name]: event.target.value };
      setInput(next);
      if (refused) setErrors(check(next).errors);
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { parsed, errors: found } = check(input);
    setErrors(found);
    if (!parsed.success) {
      setRefused(true);
      const first = FIELDS.find((name) => found[name]);
      if (first) refs.current[first]?.focus();
      return;
    }
    const value = parsed.data;
    onApply({
      user: value.user || undefined,
      route: value.route || undefined,
      status: value.status.toLowerCase() || undefined,
      from: fromLocalInput(value.from),
      to: fromLocalInput(value.to),
    });
  };
  const active = Object.values(search).some((value) => value !== undefined);

  return (
    <form
      className="card inline-form inline-form--card"
      aria-label="Filters"
      onSubmit={submit}
      noValidate
    >
      <Field label="User" hint="Email address" error={errors.user}>
        {(control) => <input {...control} className="input" type="search" {...field('user')} />}
      </Field>
      <Field
        label="Route"
        hint="PUT /api/roles/:email, a path, or an operation (grantRole)"
        error={errors.route}
      >
        {(control) => (
          <input
            {...control}
            className="input input--wide"
            type="search"
            spellCheck={false}
            {...field('route')}
          />
        )}
      </Field>
      <Field label="Status" hint="403 or 4xx" error={errors.status}>
        {(control) => <input {...control} className="input" size={6} {...field('status')} />}
      </Field>
      <Field label="From" hint={`Your time zone: ${zone}`} error={errors.from}>
        {(control) => (
          <input {...control} className="input" type="datetime-local" {...field('from')} />
        )}
      </Field>
      <Field label="Until" hint={`Your time zone: ${zone}`} error={errors.to}>
        {(control) => (
          <input {...control} className="input" type="datetime-local" {...field('to')} />
        )}
      </Field>
      <Button type="submit" variant="primary">
        Apply filters
      </Button>
      {active ? (
        <Button variant="ghost" onClick={() => onApply({})}>
          Clear filters
        </Button>
      ) : null}
      {views}
    </form>
  );
}
