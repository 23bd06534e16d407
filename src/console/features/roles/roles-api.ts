// The roles page's data: the console server's admin-only roles API (src/contract/console/roles.ts).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleRole } from '#contract/console/access.ts';
import { grantRole, listRoles, revokeRole, type RoleSource } from '#contract/console/roles.ts';
import { toast } from '../../components/ui/toast.tsx';
import { callConsole } from '../../lib/console-api.ts';
import { sessionQueries } from '../../lib/session.ts';
import { ROLE_LABELS } from '../../lib/role-labels.ts';

export const SOURCE_LABELS: Record<RoleSource, string> = {
  console: 'Roles page',
  cli: 'Command line',
  env: 'LECTERN_ADMINS',
  demo: 'Demo account',
  identityProvider: 'Identity provider groups',
};

export const roleQueries = {
  all: ['roles'] as const,
  list: () =>
    queryOptions({
      queryKey: [...roleQueries.all, 'list'] as const,
      queryFn: ({ signal }) => callConsole(listRoles, { signal }),
      staleTime: 0,
    }),
};

/** Grants and revocations change who may do what right away, the signed-in admin included. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return async (email: string, ownEmail: string) => {
    if (email.toLowerCase() === ownEmail.toLowerCase()) {
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all });
    }
    await queryClient.invalidateQueries({ queryKey: roleQueries.all });
    await queryClient.invalidateQueries({ queryKey: ['audit'] });
  };
}

export function useGrantRole(ownEmail: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ email, role }: { email: string; role: ConsoleRole }) =>
      callConsole(grantRole, { params: { email }, body: { role } }),
    onSuccess: async (grant, input) => {
      await refresh(input.email, ownEmail);
      toast.success(`${grant.email} is now ${ROLE_LABELS[grant.role].toLowerCase()}`);
    },
  });
}

export function useRevokeRole(ownEmail: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (email: string) => callConsole(revokeRole, { params: { email } }),
    onSuccess: async (_answer, email) => {
      await refresh(email, ownEmail);
      toast.success(`Revoked the role of ${email}`);
    },
  });
}
