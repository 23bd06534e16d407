// The console's own roles. The upstream sees one API key for everyone, so these are enforced here only.
import { z } from 'zod';

export const ROLES = ['admin', 'contentManager', 'support'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const RoleSource = z.enum(['console', 'cli', 'env', 'demo']);
export type RoleSource = z.infer<typeof RoleSource>;

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Everything, including publishing, archiving, roles and the audit log.',
  contentManager:
    'Read, create and update content and upload translations; no publishing, unpublishing, archiving or restoring.',
  support: 'Read-only access to content and the event relay.',
};

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
