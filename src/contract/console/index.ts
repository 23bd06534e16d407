// The console server's own API: every endpoint, one file per area. The server checks at start that it
// registers exactly these (routes/console-route.ts), and the API documents are generated from this list
// (`npm run openapi`). The console imports the area files themselves, not this index
// (docs/decisions/console-contract-imports.md).
import { AUDIT_ENDPOINTS, AUDIT_INTRO } from './audit.ts';
import type { ConsoleEndpoint } from './endpoint.ts';
import { HEALTH_ENDPOINTS } from './health.ts';
import { LIVE_ENDPOINTS } from './live.ts';
import { PRESENCE_ENDPOINTS, PRESENCE_INTRO } from './presence.ts';
import { RELAY_ENDPOINTS, RELAY_INTRO } from './relay.ts';
import { ROLES_ENDPOINTS } from './roles.ts';
import { SESSION_ENDPOINTS } from './session.ts';

export interface ConsoleArea {
  title: string;
  /** Markdown shown under the area's heading in docs/console-api.md. */
  intro?: string;
  endpoints: readonly ConsoleEndpoint[];
}

/** In the order of the API document. */
export const CONSOLE_AREAS: readonly ConsoleArea[] = [
  { title: 'Session', endpoints: SESSION_ENDPOINTS },
  { title: 'Roles', endpoints: ROLES_ENDPOINTS },
  { title: 'Audit log', intro: AUDIT_INTRO, endpoints: AUDIT_ENDPOINTS },
  { title: 'Event relay', intro: RELAY_INTRO, endpoints: RELAY_ENDPOINTS },
  { title: 'Health and meta', endpoints: HEALTH_ENDPOINTS },
  { title: 'Presence and edit leases', intro: PRESENCE_INTRO, endpoints: PRESENCE_ENDPOINTS },
  { title: 'Live stream', endpoints: LIVE_ENDPOINTS },
];

export const CONSOLE_ENDPOINTS: readonly ConsoleEndpoint[] = CONSOLE_AREAS.flatMap(
  (area) => area.endpoints,
);
