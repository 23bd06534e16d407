// Sign-in with the learning-instance account; the console server checks it through GraphQL Login.
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { ConsoleMeta } from '#contract/console/health.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessages } from '../../lib/api-error.ts';
import { firstErrorPerField } from '../../lib/field-errors.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { sessionQueries, signIn } from '../../lib/session.ts';
import { SignInInput } from './sign-in-input.ts';
import { ROLE_LABELS } from '../../lib/role-labels.ts';

type FieldErrors = Partial<Record<keyof SignInInput, string>>;

export function SignInForm({
  redirectTo,
  demoAccounts,
  primary = true,
}: {
  redirectTo: string | undefined;
  demoAccounts: ConsoleMeta['demoAccounts'];
  /** False when the identity provider's button is the main way in. */
  primary?: boolean;
}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const fill = (email: string, password: string) => {
    const form = formRef.current;
    if (!form) return;
    (form.elements.namedItem('email') as HTMLInputElement).value = email;
    (form.elements.namedItem('password') as HTMLInputElement).value = password;
    (form.elements.namedItem('password') as HTMLInputElement).focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = SignInInput.safeParse({
      email: data.get('email'),
      password: data.get('password'),
    });
    if (!parsed.success) {
      setFieldErrors(firstErrorPerField<keyof SignInInput>(parsed.error));
      return;
    }
    setFieldErrors({});
    setFormError(null);
    setPending(true);
    try {
      const session = await signIn(parsed.data);
      // A different person may sign in on this browser: drop everything cached for the previous one.
      queryClient.clear();
      queryClient.setQueryData(sessionQueries.current().queryKey, session);
      await router.navigate({ href: safeRedirect(redirectTo), replace: true });
    } catch (error) {
      // The server's own words: "Email or password is incorrect.", or how long a lockout lasts.
      setFormError(errorMessages(error).join(' '));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <form
        ref={formRef}
        className="sign-in-form"
        onSubmit={submit}
        noValidate
        aria-describedby="sign-in-error"
      >
        <Field label="Email" error={fieldErrors.email}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              className="input"
              required
            />
          )}
        </Field>
        <Field label="Password" error={fieldErrors.password}>
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              className="input"
              required
            />
          )}
        </Field>
        <div id="sign-in-error" role="alert" className="form-error">
          {formError}
        </div>
        <Button
          type="submit"
          variant={primary ? 'primary' : 'secondary'}
          pending={pending}
          className="btn--block"
        >
          Sign in
        </Button>
      </form>
      {demoAccounts && demoAccounts.length > 0 ? (
        <section className="demo-accounts" aria-labelledby="demo-accounts-heading">
          <h2 id="demo-accounts-heading" className="demo-accounts__title">
            Demo accounts (sandbox)
          </h2>
          <ul>
            {demoAccounts.map((account) => (
              <li key={account.email}>
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  onClick={() => fill(account.email, account.password)}
                >
                  Use {ROLE_LABELS[account.role]}
                </button>
                <span className="mono">{account.email}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
