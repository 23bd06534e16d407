// Grant a role to an email address (a new person, or a new role for someone listed). Loaded after the
// first content (late-grant-role-form.tsx): it takes over what was typed meanwhile.
import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '#contract/zod.ts';
import { ConsoleRole } from '#contract/console/access.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { GrantRoleCard } from './grant-role-card.tsx';
import type { HeldGrant } from './held-grant.ts';
import { useGrantRole } from './roles-api.ts';

const GrantInput = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.toLowerCase()),
    z.email('Enter the email address of a learning-platform account.').check(z.maxLength(320)),
  ),
  role: ConsoleRole,
});
type GrantInput = z.input<typeof GrantInput>;

export interface GrantRoleFormProps {
  ownEmail: string;
  descriptions: Partial<Record<ConsoleRole, string>>;
  /** What was typed, focused or sent before this code arrived. */
  held: HeldGrant;
}

export function GrantRoleForm({ ownEmail, descriptions, held }: GrantRoleFormProps) {
  const grant = useGrantRole(ownEmail);
  const form = useForm<GrantInput, unknown, z.output<typeof GrantInput>>({
    resolver: zodResolver(GrantInput),
    defaultValues: { email: held.email, role: held.role },
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

  // Taken over once, as it mounts: the field that had focus keeps it, a grant asked for is sent.
  useLayoutEffect(() => {
    const { focused, submitted } = held.handOver();
    if (focused) form.setFocus(focused);
    if (submitted) void submit();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on mount only.
  }, []);

  return (
    <GrantRoleCard
      descriptions={descriptions}
      role={role}
      onSubmit={submit}
      email={form.register('email')}
      roleSelect={form.register('role')}
      errors={{ email: errors.email?.message, role: errors.role?.message }}
      // Submitting too: a grant asked for before this code arrived is checked, then sent, as it mounts.
      pending={grant.isPending || form.formState.isSubmitting}
    >
      {grant.isError ? <ErrorState compact error={grant.error} title="Role not granted" /> : null}
    </GrantRoleCard>
  );
}
