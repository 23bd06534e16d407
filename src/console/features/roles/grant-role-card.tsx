// The grant form's markup, drawn the same way by the form (react-hook-form, loaded after the first
// content) and by the form that holds what is typed until that code has arrived
// (late-grant-role-form.tsx): one markup, so the swap moves nothing.
import type {
  FormEventHandler,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
} from 'react';
import { CONSOLE_ROLES, type ConsoleRole } from '#contract/console/access.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { ROLE_LABELS } from '../../lib/labels.ts';

export interface GrantRoleCardProps {
  descriptions: Partial<Record<ConsoleRole, string>>;
  /** The chosen role, whose description shows under the form. */
  role: ConsoleRole;
  onSubmit: FormEventHandler<HTMLFormElement>;
  email: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  roleSelect: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };
  errors: { email?: string | undefined; role?: string | undefined };
  pending: boolean;
  formRef?: Ref<HTMLFormElement>;
  /** Under the description: the grant's error. */
  children?: ReactNode;
}

export function GrantRoleCard({
  descriptions,
  role,
  onSubmit,
  email,
  roleSelect,
  errors,
  pending,
  formRef,
  children,
}: GrantRoleCardProps) {
  return (
    <section className="card" aria-labelledby="grant-heading">
      <h2 className="card__title" id="grant-heading">
        Grant a role
      </h2>
      <p className="card__hint">
        The person signs in with their learning-platform account; the role applies to their open
        sessions right away.
      </p>
      <form className="inline-form" onSubmit={onSubmit} noValidate ref={formRef}>
        <Field label="Email" error={errors.email}>
          {(control) => (
            <input
              {...control}
              className="input input--wide"
              type="email"
              autoComplete="off"
              {...email}
            />
          )}
        </Field>
        <Field label="Role" error={errors.role}>
          {(control) => (
            <select {...control} className="select" {...roleSelect}>
              {CONSOLE_ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" variant="primary" pending={pending}>
          Grant role
        </Button>
      </form>
      <p className="card__hint" data-testid="role-description">
        {ROLE_LABELS[role]}: {descriptions[role]}
      </p>
      {children}
    </section>
  );
}
