// The console's roles in words. Apart from labels.ts, so that the sign-in page, which needs only these,
// does not load every other label (and the chunk the signed-in pages share them in).
import type { ConsoleRole } from '#contract/console/access.ts';

/** The console's own roles (the console server's, not the Content API's). */
export const ROLE_LABELS: Record<ConsoleRole, string> = {
  admin: 'Admin',
  contentManager: 'Content manager',
  support: 'Support',
};
