// The console server's own API: every endpoint, one file per area. The server checks at start that it
// registers exactly these (routes/console-route.ts), and the API documents are generated from this list
// (`npm run openapi`). The console imports the area files themselves, not this index
// (docs/decisions/console-contract-imports.md).
import { AUDIT_ENDPOINTS, AUDIT_INTRO } from './audit.ts';
import type { ConsoleEndpoint } from './endpoint.ts';
import { COURSE_CHECKS_ENDPOINTS, COURSE_CHECKS_INTRO } from './course-checks.ts';
import { HEALTH_ENDPOINTS } from './health.ts';
import { NAMES_ENDPOINTS, NAMES_INTRO } from './names.ts';
import { LEARNERS_ENDPOINTS, LEARNERS_INTRO } from './learners.ts';
import { IDENTITY_PROVIDER_ENDPOINTS } from './identity-provider.ts';
import { HISTORY_ENDPOINTS, HISTORY_INTRO } from './history.ts';
import { REVIEWS_ENDPOINTS, REVIEWS_INTRO } from './reviews.ts';
import { LIVE_ENDPOINTS } from './live.ts';
import { PRESENCE_ENDPOINTS, PRESENCE_INTRO } from './presence.ts';
import { RELAY_ENDPOINTS, RELAY_INTRO } from './relay.ts';
import { ROLES_ENDPOINTS } from './roles.ts';
import { SCHEDULES_ENDPOINTS, SCHEDULES_INTRO } from './schedules.ts';
import { SESSION_ENDPOINTS } from './session.ts';
import { SAVED_VIEWS_ENDPOINTS, SAVED_VIEWS_INTRO } from './saved-views.ts';
import { ALERTS_ENDPOINTS, ALERTS_INTRO } from './alerts.ts';

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
  { title: 'Saved views', intro: SAVED_VIEWS_INTRO, endpoints: SAVED_VIEWS_ENDPOINTS },
  { title: 'Alerts', intro: ALERTS_INTRO, endpoints: ALERTS_ENDPOINTS },
  { title: 'Names', intro: NAMES_INTRO, endpoints: NAMES_ENDPOINTS },
  { title: 'Learners', intro: LEARNERS_INTRO, endpoints: LEARNERS_ENDPOINTS },
  { title: 'Course checks', intro: COURSE_CHECKS_INTRO, endpoints: COURSE_CHECKS_ENDPOINTS },
  { title: 'Identity provider sign-in', endpoints: IDENTITY_PROVIDER_ENDPOINTS },
  { title: 'Scheduled actions', intro: SCHEDULES_INTRO, endpoints: SCHEDULES_ENDPOINTS },
  { title: 'Course history', intro: HISTORY_INTRO, endpoints: HISTORY_ENDPOINTS },
  { title: 'Review before publishing', intro: REVIEWS_INTRO, endpoints: REVIEWS_ENDPOINTS },
  { title: 'Presence and edit leases', intro: PRESENCE_INTRO, endpoints: PRESENCE_ENDPOINTS },
  { title: 'Live stream', endpoints: LIVE_ENDPOINTS },
];

export const CONSOLE_ENDPOINTS: readonly ConsoleEndpoint[] = CONSOLE_AREAS.flatMap(
  (area) => area.endpoints,
);
