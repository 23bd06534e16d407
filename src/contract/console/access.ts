// Who may call a console endpoint: the console's own roles (the learning instance sees one API key for
// everyone, so these are enforced by the console server alone) and the access rule of an endpoint.
import { z } from '../zod.ts';

export const CONSOLE_ROLES = ['admin', 'contentManager', 'support'] as const;
export const ConsoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

/**
 * `public` needs no session; `session` a signed-in session, with or without a role; `role` any
 * console role; a list: only those roles.
 */
export type ConsoleAccess = 'public' | 'session' | 'role' | readonly ConsoleRole[];
