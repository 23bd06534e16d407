// The roles page's data: the console server's admin-only roles API (docs/console-api.md, "Roles").
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '../../components/ui/toast.tsx';
import { apiClient } from '../../lib/api.ts';
import { ConsoleRole, sessionQueries } from '../../lib/session.ts';
import { ROLE_LABELS } from '../../lib/labels.ts';

export const RoleSource = z.enum(['console', 'cli', 'env', 'demo']);
export type RoleSource = z.infer<typeof RoleSource>;

export const RoleGrant = z.object({
  email: z.string(),
  role: ConsoleRole,
  source: RoleSource,
  grantedBy: z.string().nullable(),
  grantedAt: z.string(),
});
export type RoleGrant = z.infer<typeof RoleGrant>;

const RolesList = z.object({
  roles: z.array(RoleGrant),
  available: z.record(ConsoleRole, z.string()),
});

export const SOURCE_LABELS: Record<RoleSource, string> = {
  console: 'Roles page',
  cli: 'Command line',
  env: 'LECTERN_ADMINS',
  demo: 'Demo account',
};

const rolePath = (email: string) => `/api/roles/${encodeURIComponent(email)}`;

export const roleQueries = {
  all: ['roles'] as const,
  list: () =>
    queryOptions({
      queryKey: [...roleQueries.all, 'list'] as const,
      queryFn: ({ signal }) => apiClient.request('/api/roles', { schema: RolesList, signal }),
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
      apiClient.request(rolePath(email), { method: 'PUT', body: { role }, schema: RoleGrant }),
    onSuccess: async (grant, input) => {
      await refresh(input.email, ownEmail);
      toast.success(`${grant.email} is now ${ROLE_LABELS[grant.role].toLowerCase()}`);
    },
  });
}

export function useRevokeRole(ownEmail: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (email: string) =>
      apiClient.request(rolePath(email), { method: 'DELETE', schema: null }),
    onSuccess: async (_answer, email) => {
      await refresh(email, ownEmail);
      toast.success(`Revoked the role of ${email}`);
    },
  });
}
