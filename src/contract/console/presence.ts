// Who has which course open in the editor, per browser tab, and the edit lease: advice that one tab
// edits a course at a time. The console server keeps both in its database, so every console server
// sharing it sees the same; changes reach browsers through the live stream (live.ts, topic
// `presence:<courseId>`). A tab says it is still there with a heartbeat; a tab that stops (closed,
// crashed, offline) is gone once its heartbeat expires. The lease never blocks a write: the proxy
// forwards an apply whoever holds it, and the editor's conflict check before apply stays.
import { z } from '../zod.ts';
import { consoleEndpoint } from './endpoint.ts';

const CourseId = z.uuid('must be a course id');

const OPAQUE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const opaqueId = (what: string) =>
  z.string().check(z.regex(OPAQUE_ID, `must be ${what}: 8 to 64 letters, digits, - or _`));

export const TabId = opaqueId('a tab id').register(z.globalRegistry, {
  description:
    'Random id of one browser tab, kept across reloads of that tab (sessionStorage) and never shared by two open tabs.',
});
export const BrowserId = opaqueId('a browser id').register(z.globalRegistry, {
  description:
    'Random id of one browser profile (localStorage): tells "another tab of yours" from "another browser".',
});

export const PresentTab = z.object({
  tabId: TabId,
  browserId: BrowserId,
  email: z.string(),
  name: z.string().register(z.globalRegistry, { description: "The person's first and last name." }),
  since: z.iso
    .datetime()
    .register(z.globalRegistry, { description: 'When this tab opened the course.' }),
  editing: z
    .boolean()
    .register(z.globalRegistry, { description: 'This tab holds the edit lease.' }),
});
export type PresentTab = z.infer<typeof PresentTab>;

export const EditLease = z.object({
  tabId: TabId,
  browserId: BrowserId,
  email: z.string(),
  name: z.string(),
  since: z.iso
    .datetime()
    .register(z.globalRegistry, { description: 'When this tab took the lease.' }),
});
export type EditLease = z.infer<typeof EditLease>;

export const LeaseEndedHow = z.enum(['takenOver', 'ended']).register(z.globalRegistry, {
  description:
    '`takenOver`: another tab took it ("Edit here instead"); `ended`: an admin ended it.',
});

export const LeaseEnding = z
  .object({
    tabId: TabId.clone().register(z.globalRegistry, {
      description: 'The tab that held the lease.',
    }),
    email: z.string().register(z.globalRegistry, { description: 'Who held it.' }),
    how: LeaseEndedHow,
    byEmail: z.string(),
    byName: z.string(),
    at: z.iso.datetime(),
  })
  .register(z.globalRegistry, {
    description: 'How the last lease of the course ended, so its holder can be told.',
  });
export type LeaseEnding = z.infer<typeof LeaseEnding>;

export const CoursePresence = z.object({
  courseId: CourseId,
  present: z
    .array(PresentTab)
    .register(z.globalRegistry, { description: 'Every tab with the course open, oldest first.' }),
  lease: z.nullable(EditLease).register(z.globalRegistry, {
    description:
      'The tab that edits the course now; null when none does (its tab closed or expired).',
  }),
  lastEnding: z.nullable(LeaseEnding),
  heartbeatMs: z.int().check(z.positive()).register(z.globalRegistry, {
    description:
      'How often a tab must beat; a tab silent for about twice this long is gone, and its lease with it.',
  }),
  serverTime: z.iso
    .datetime()
    .register(z.globalRegistry, { description: 'The server\'s clock, for "since" texts.' }),
});
export type CoursePresence = z.infer<typeof CoursePresence>;

export const PresenceParams = z.object({ courseId: CourseId, tabId: TabId });
export const CourseParams = z.object({ courseId: CourseId });

export const HeartbeatBody = z.object({
  browserId: BrowserId,
  loadId: opaqueId('a page-load id').register(z.globalRegistry, {
    description:
      'Random id of this page load: a leave sent by an earlier load of the tab (a reload) never removes the new one.',
  }),
  title: z
    ._default(z.string().check(z.maxLength(300, 'must be at most 300 characters')), '')
    .register(z.globalRegistry, {
      description: "The course's title as the tab shows it (for the admins' list of leases).",
    }),
  claim: z._default(z.boolean(), false).register(z.globalRegistry, {
    description: 'Take the edit lease if nobody holds it (a tab that opens the course to edit it).',
  }),
});
export type HeartbeatBody = z.input<typeof HeartbeatBody>;

export const LeaveQuery = z.object({
  loadId: opaqueId('a page-load id'),
});

export const TakeLeaseBody = z.object({ tabId: TabId });

export const LeaseListItem = z.extend(EditLease, {
  courseId: CourseId,
  title: z.string().register(z.globalRegistry, {
    description: "The course's title as the holder's tab showed it.",
  }),
});
export type LeaseListItem = z.infer<typeof LeaseListItem>;

export const LeaseList = z.object({
  leases: z
    .array(LeaseListItem)
    .register(z.globalRegistry, { description: 'Every lease held now, oldest first.' }),
});
export type LeaseList = z.infer<typeof LeaseList>;

const EDITORS = ['admin', 'contentManager'] as const;

export const beatPresence = consoleEndpoint({
  operationId: 'beatPresence',
  method: 'PUT',
  path: '/api/presence/courses/{courseId}/tabs/{tabId}',
  summary:
    'Says this tab has the course open (the first beat) and is still there (every next one).',
  description: [
    'Send it when the editor opens the course, then every `heartbeatMs`. A tab whose beats stop is gone',
    'within two heartbeats and a sweep (under 30 s with the defaults), and the lease it held is free.',
    "With `claim: true` the tab takes the lease when nobody holds it. The answer is the course's",
    'presence; changes are also pushed on the live stream. Heartbeats write no audit row unless refused:',
    'they change no content.',
  ].join(' '),
  access: EDITORS,
  audit: 'refusals',
  params: PresenceParams,
  body: HeartbeatBody,
  response: CoursePresence,
});

export const leavePresence = consoleEndpoint({
  operationId: 'leavePresence',
  method: 'DELETE',
  path: '/api/presence/courses/{courseId}/tabs/{tabId}',
  summary: 'Says this tab closed the course (sent as the page is left).',
  description:
    'The tab is shown as gone within a few seconds, unless the same tab beats again first (a reload keeps its place and its lease). Only the page load that sent the beats can end them.',
  access: EDITORS,
  audit: 'refusals',
  params: PresenceParams,
  query: LeaveQuery,
  response: null,
});

export const takeEditLease = consoleEndpoint({
  operationId: 'takeEditLease',
  method: 'PUT',
  path: '/api/presence/courses/{courseId}/lease',
  summary: 'Takes the edit lease of the course for this tab ("Edit here instead").',
  description:
    'Takes it whoever holds it; the holder is told at once on the live stream (`lastEnding.how` is `takenOver`) and its tab turns read-only, keeping its unapplied draft as a backup.',
  access: EDITORS,
  params: CourseParams,
  body: TakeLeaseBody,
  response: CoursePresence,
  errors: [
    {
      status: 409,
      error: 'conflict',
      when: 'The tab has not opened the course (no heartbeat yet, or it expired).',
    },
  ],
});

export const endEditLease = consoleEndpoint({
  operationId: 'endEditLease',
  method: 'DELETE',
  path: '/api/presence/courses/{courseId}/lease',
  summary: "Ends the course's edit lease (admins).",
  description:
    "The holder's tab turns read-only at once and keeps its unapplied draft as a backup. Anyone may then take the lease.",
  access: ['admin'],
  params: CourseParams,
  response: null,
  errors: [{ status: 404, error: 'not_found', when: 'Nobody holds the lease of this course.' }],
});

export const listEditLeases = consoleEndpoint({
  operationId: 'listEditLeases',
  method: 'GET',
  path: '/api/presence/leases',
  summary: 'Every edit lease held now, with its holder and course (admins).',
  access: ['admin'],
  response: LeaseList,
});

export const PRESENCE_INTRO = [
  'Presence: which staff have which course open in the editor, per tab, and the edit lease, which says',
  'which tab edits it. Both are advice: the proxy forwards an apply whoever holds the lease. Kept in the',
  "console's database, so every console server sees the same; pushed to browsers on the live stream.",
].join(' ');

export const PRESENCE_ENDPOINTS = [
  beatPresence,
  leavePresence,
  takeEditLease,
  endEditLease,
  listEditLeases,
] as const;
