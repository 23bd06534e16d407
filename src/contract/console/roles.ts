// The admin-only roles API behind the roles page: who holds which console role (access.ts), and where
// each grant came from.
import { z } from '../zod.ts';
import { ConsoleRole } from './access.ts';
import { consoleEndpoint } from './endpoint.ts';

/**
 * Where a grant came from: the roles page, the command line, LECTERN_ADMINS, a demo account, or the
 * identity provider's groups (replaced at every sign-in through it).
 */
export const RoleSource = z.enum(['console', 'cli', 'env', 'demo', 'identityProvider']);
export type RoleSource = z.infer<typeof RoleSource>;

export const ROLE_DESCRIPTIONS: Record<ConsoleRole, string> = {
  admin: 'Everything, including publishing, archiving, roles and the audit log.',
  contentManager:
    'Read, create and update content and upload translations; no publishing, unpublishing, archiving or restoring.',
  support: 'Read-only access to content and the event relay.',
};

export const RoleDescriptions = z
  .record(ConsoleRole, z.string())
  .register(z.globalRegistry, { description: 'What each role may do, in a sentence.' });

export const RoleGrant = z.object({
  email: z.string().register(z.globalRegistry, { description: 'Lower case.' }),
  role: ConsoleRole,
  source: RoleSource,
  grantedBy: z
    .nullable(z.string())
    .register(z.globalRegistry, { description: 'The admin who granted it, if any.' }),
  grantedAt: z.iso.datetime(),
});
export type RoleGrant = z.infer<typeof RoleGrant>;

export const RolesList = z.object({
  roles: z.array(RoleGrant).register(z.globalRegistry, { description: 'Every grant, by email.' }),
  available: RoleDescriptions,
});
export type RolesList = z.infer<typeof RolesList>;

export const EmailParams = z.object({
  email: z.email('must be an email address').check(z.maxLength(320)),
});
export const GrantRoleBody = z.object({ role: ConsoleRole });
export type GrantRoleBody = z.infer<typeof GrantRoleBody>;

export const listRoles = consoleEndpoint({
  operationId: 'listRoles',
  method: 'GET',
  path: '/api/roles',
  summary: 'Every role grant, and what each role may do.',
  description:
    'Roles can also be managed with `npm run lectern -- roles grant|revoke|list`, which writes the same table.',
  access: ['admin'],
  response: RolesList,
});

export const grantRole = consoleEndpoint({
  operationId: 'grantRole',
  method: 'PUT',
  path: '/api/roles/{email}',
  summary: "Grants a role, or changes the email's role.",
  description:
    "Emails are stored lower case. The change applies to the user's live sessions at once, on every console server.",
  access: ['admin'],
  params: EmailParams,
  body: GrantRoleBody,
  response: RoleGrant,
  errors: [{ status: 409, error: 'conflict', when: 'It would demote the last admin.' }],
});

export const revokeRole = consoleEndpoint({
  operationId: 'revokeRole',
  method: 'DELETE',
  path: '/api/roles/{email}',
  summary: "Revokes the email's role.",
  description: "The user's open event streams end within a second; their next call answers 403.",
  access: ['admin'],
  params: EmailParams,
  response: null,
  errors: [
    { status: 404, error: 'not_found', when: 'The email has no role.' },
    { status: 409, error: 'conflict', when: 'It is the last admin.' },
  ],
});

export const ROLES_ENDPOINTS = [listRoles, grantRole, revokeRole] as const;
