// The filter form. Applying writes the filters into the URL (shareable, back button works); the list
// and the export links follow the URL.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '#contract/zod.ts';
import { AUDIT_STATUS_FILTER } from '#contract/console/audit.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import type { AuditSearchParams } from './audit-search.ts';
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
  const form = useForm<FilterForm>({
    resolver: zodResolver(FilterForm),
    values: toForm(search),
  });
  const { errors } = form.formState;
  const zone = ownTimeZone();
  const submit = form.handleSubmit((value) =>
    onApply({
      user: value.user || undefined,
      route: value.route || undefined,
      status: value.status.toLowerCase() || undefined,
      from: fromLocalInput(value.from),
      to: fromLocalInput(value.to),
    }),
  );
  const active = Object.values(search).some((value) => value !== undefined);

  return (
    <form
      className="card inline-form inline-form--card"
      aria-label="Filters"
      onSubmit={submit}
      noValidate
    >
      <Field label="User" hint="Email address" error={errors.user?.message}>
        {(control) => (
          <input {...control} className="input" type="search" {...form.register('user')} />
        )}
      </Field>
      <Field
        label="Route"
        hint="PUT /api/roles/:email, a path, or an operation (grantRole)"
        error={errors.route?.message}
      >
        {(control) => (
          <input
            {...control}
            className="input input--wide"
            type="search"
            spellCheck={false}
            {...form.register('route')}
          />
        )}
      </Field>
      <Field label="Status" hint="403 or 4xx" error={errors.status?.message}>
        {(control) => (
          <input {...control} className="input" size={6} {...form.register('status')} />
        )}
      </Field>
      <Field label="From" hint={`Your time zone: ${zone}`} error={errors.from?.message}>
        {(control) => (
          <input {...control} className="input" type="datetime-local" {...form.register('from')} />
        )}
      </Field>
      <Field label="Until" hint={`Your time zone: ${zone}`} error={errors.to?.message}>
        {(control) => (
          <input {...control} className="input" type="datetime-local" {...form.register('to')} />
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
