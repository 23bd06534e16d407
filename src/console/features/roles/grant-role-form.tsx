// Grant a role to an email address (a new person, or a new role for someone listed). Two fields, checked
// with the contract's zod as the sign-in form is: no form library, whose 14.5 KB gzip the roles page
// fetched before its heading (issue 27).
import { useRef, useState, type FormEvent } from 'react';
import { z } from '#contract/zod.ts';
import { CONSOLE_ROLES, ConsoleRole } from '#contract/console/access.ts';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ROLE_LABELS } from '../../lib/role-labels.ts';
import { firstErrorPerField } from '../../lib/field-errors.ts';
import { useGrantRole } from './roles-api.ts';

const GrantInput = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.email('Enter the email address of a learning-platform account.').check(z.maxLength(320)),
  ),
  role: ConsoleRole,
});
type GrantInput = z.input<typeof GrantInput>;
type GrantErrors = Partial<Record<keyof GrantInput, string>>;

/** The first message of each field the input fails on; none when it passes. */
function check(input: GrantInput) {
  const parsed = GrantInput.safeParse(input);
  const errors: GrantErrors = parsed.success
    ? {}
    : firstErrorPerField<keyof GrantInput>(parsed.error);
  return { parsed, errors };
}

export function GrantRoleForm({
  ownEmail,
  descriptions,
}: {
  ownEmail: string;
  descriptions: Partial<Record<ConsoleRole, string>>;
}) {
  const grant = useGrantRole(ownEmail);
  const [input, setInput] = useState<GrantInput>({ email: '', role: 'contentManager' });
  const [errors, setErrors] = useState<GrantErrors>({});
  // After a refused send, each change is checked again, so an error goes as soon as it is mended.
  const [refused, setRefused] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const roleRef = useRef<HTMLSelectElement>(null);

  const change = (patch: Partial<GrantInput>) => {
    const next = { ...input, ...patch };
    setInput(next);
    if (refused) setErrors(check(next).errors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { parsed, errors: found } = check(input);
    setErrors(found);
    if (!parsed.success) {
      setRefused(true);
      (found.email ? emailRef : roleRef).current?.focus();
      return;
    }
    try {
      await grant.mutateAsync(parsed.data);
      setInput({ email: '', role: parsed.data.role });
      setRefused(false);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <section className="card" aria-labelledby="grant-heading">
      <h2 className="card__title" id="grant-heading">
        Grant a role
      </h2>
      <p className="card__hint">
        The person signs in with their learning-platform account; the role applies to their open
        sessions right away.
      </p>
      <form className="inline-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Email" error={errors.email}>
          {(control) => (
            <input
              {...control}
              ref={emailRef}
              name="email"
              className="input input--wide"
              type="email"
              autoComplete="off"
              value={input.email}
              onChange={(event) => change({ email: event.target.value })}
            />
          )}
        </Field>
        <Field label="Role" error={errors.role}>
          {(control) => (
            <select
              {...control}
              ref={roleRef}
              name="role"
              className="select"
              value={input.role}
              onChange={(event) => change({ role: event.target.value as ConsoleRole })}
            >
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
        {ROLE_LABELS[input.role]}: {descriptions[input.role]}
      </p>
      {grant.isError ? <ErrorState compact error={grant.error} title="Role not granted" /> : null}
    </section>
  );
}
