// Grant a role to an email address (a new person, or a new role for someone listed).
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from '#contract/zod.ts';
import { CONSOLE_ROLES, ConsoleRole } from '#contract/console/access.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { useGrantRole } from './roles-api.ts';

const GrantInput = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.email('Enter the email address of a learning-platform account.').check(z.maxLength(320)),
  ),
  role: ConsoleRole,
});
type GrantInput = z.input<typeof GrantInput>;

export function GrantRoleForm({
  ownEmail,
  descriptions,
}: {
  ownEmail: string;
  descriptions: Partial<Record<ConsoleRole, string>>;
}) {
  const grant = useGrantRole(ownEmail);
  const form = useForm<GrantInput, unknown, z.output<typeof GrantInput>>({
    resolver: zodResolver(GrantInput),
    defaultValues: { email: '', role: 'contentManager' },
  });
  const { errors } = form.formState;
  // eslint-disable-next-line react-hooks/incompatible-library -- the hint follows the chosen role.
  const role = form.watch('role');

  const submit = form.handleSubmit(async (input) => {
    try {
      await grant.mutateAsync(input);
      form.reset({ email: '', role: input.role });
    } catch {
      // Shown below from the mutation's error.
    }
  });

  return (
    <section className="card" aria-labelledby="grant-heading">
      <h2 className="card__title" id="grant-heading">
        Grant a role
      </h2>
      <p className="card__hint">
        The person signs in with their learning-platform account; the role applies to their open
        sessions right away.
      </p>
      <form className="inline-form" onSubmit={submit} noValidate>
        <Field label="Email" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              className="input input--wide"
              type="email"
              autoComplete="off"
              {...form.register('email')}
            />
          )}
        </Field>
        <Field label="Role" error={errors.role?.message}>
          {(control) => (
            <select {...control} className="select" {...form.register('role')}>
              {CONSOLE_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" variant="primary" pending={grant.isPending}>
          Grant role
        </Button>
      </form>
      <p className="card__hint" data-testid="role-description">
        {ROLE_LABELS[role]}: {descriptions[role]}
      </p>
      {grant.isError ? <ErrorState compact error={grant.error} title="Role not granted" /> : null}
    </section>
  );
}
