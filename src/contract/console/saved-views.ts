// Saved views: a named filter of the event monitor, the course-group browser or the audit log, stored on
// the server. A view is its owner's alone, or shared with one role; anyone who sees a view may pin it
// into their own navigation. A view's `search` is the screen's URL search state as it was saved: the
// console validates it again with the screen's own rules when it is opened, so a view saved by an older
// console falls back to "no filter" for a part it no longer knows.
import { z } from '../zod.ts';
import { ConsoleRole } from './access.ts';
import { consoleEndpoint } from './endpoint.ts';

export const SAVED_VIEW_SCREENS = ['eventMonitor', 'courseGroups', 'auditLog'] as const;
export const SavedViewScreen = z.enum(SAVED_VIEW_SCREENS).register(z.globalRegistry, {
  description:
    '`eventMonitor` (`/events`), `courseGroups` (`/course-groups`), `auditLog` (`/admin/audit`).',
});
export type SavedViewScreen = z.infer<typeof SavedViewScreen>;

/** Who may open each screen, and so who may see a view of it or have one shared with them. */
export const SCREEN_ROLES: Record<SavedViewScreen, readonly ConsoleRole[]> = {
  eventMonitor: ['admin', 'contentManager', 'support'],
  courseGroups: ['admin', 'contentManager', 'support'],
  auditLog: ['admin'],
};

/** A screen's name in messages. */
export const SCREEN_WORDS: Record<SavedViewScreen, string> = {
  eventMonitor: 'the event monitor',
  courseGroups: 'the course-group browser',
  auditLog: 'the audit log',
};

/** Everyone holding a role, in messages and in the console's menus ("Shared with support staff"). */
export const ROLE_PLURALS: Record<ConsoleRole, string> = {
  admin: 'admins',
  contentManager: 'content managers',
  support: 'support staff',
};

export const SAVED_VIEW_LIMITS = { perOwnerAndScreen: 100, searchKeys: 20, nameLength: 80 };

export const ViewSearch = z
  .record(
    z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'must be search parameter names')),
    z.union([z.string().check(z.maxLength(500)), z.number(), z.boolean()]),
  )
  .check(
    z.refine((search) => Object.keys(search).length <= SAVED_VIEW_LIMITS.searchKeys, {
      message: `must have at most ${SAVED_VIEW_LIMITS.searchKeys} parameters`,
    }),
  )
  .register(z.globalRegistry, {
    description:
      'The screen\'s URL search parameters (`{ "kinds": "quizAttempt", "learner": "ada@…" }`): names, and text, number or true/false values.',
  });
export type ViewSearch = z.infer<typeof ViewSearch>;

const ViewName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(
      SAVED_VIEW_LIMITS.nameLength,
      `must be at most ${SAVED_VIEW_LIMITS.nameLength} characters`,
    ),
  );

const SharedWith = z.nullable(ConsoleRole).register(z.globalRegistry, {
  description:
    'Null: private to its owner. A role: everyone with that role sees it (admins see every shared view). Only admins may share with a role other than their own.',
});

export const SavedView = z.object({
  id: z.uuid(),
  screen: SavedViewScreen,
  name: z.string(),
  search: ViewSearch,
  sharedWith: z.nullable(ConsoleRole),
  owner: z
    .string()
    .register(z.globalRegistry, { description: 'Email of the person who saved it.' }),
  version: z.int().check(z.positive()).register(z.globalRegistry, {
    description: 'Grows with every change; send it back to change or delete the view.',
  }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  updatedBy: z.string(),
  pinned: z.boolean().register(z.globalRegistry, { description: "In the caller's navigation." }),
  canChange: z.boolean().register(z.globalRegistry, {
    description:
      'Whether the caller may rename, overwrite, share or delete it: its owner (while they hold the role it is shared with) or an admin.',
  }),
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewList = z.object({
  views: z.array(SavedView).register(z.globalRegistry, { description: 'By screen, then name.' }),
});
export type SavedViewList = z.infer<typeof SavedViewList>;

export const SavedViewParams = z.object({ id: z.uuid('must be a saved view id') });

export const listSavedViews = consoleEndpoint({
  operationId: 'listSavedViews',
  method: 'GET',
  path: '/api/saved-views',
  summary: 'The saved views the caller can see: their own, and those shared with their role.',
  access: 'role',
  query: z.object({ screen: z.optional(SavedViewScreen) }),
  response: SavedViewList,
});

export const CreateSavedViewBody = z.object({
  screen: SavedViewScreen,
  name: ViewName,
  search: ViewSearch,
  sharedWith: z._default(SharedWith, null),
  pinned: z._default(z.boolean(), false),
});
export type CreateSavedViewBody = z.input<typeof CreateSavedViewBody>;

export const createSavedView = consoleEndpoint({
  operationId: 'createSavedView',
  method: 'POST',
  path: '/api/saved-views',
  summary: 'Saves the current filters of a screen as a named view.',
  access: 'role',
  body: CreateSavedViewBody,
  response: SavedView,
  errors: [
    {
      status: 403,
      error: 'forbidden',
      when: 'The screen is not open to the caller, or the caller may not share with that role.',
    },
    {
      status: 409,
      error: 'conflict',
      when: 'The owner already has a view of that name on that screen, or 100 views there.',
    },
  ],
});

export const UpdateSavedViewBody = z
  .object({
    version: z
      .int()
      .check(z.positive())
      .register(z.globalRegistry, { description: 'The `version` the change is based on.' }),
    name: z.optional(ViewName),
    search: z
      .optional(ViewSearch)
      .register(z.globalRegistry, { description: 'Overwrites the filters.' }),
    sharedWith: z.optional(SharedWith),
  })
  .check(
    z.refine(
      (body) =>
        body.name !== undefined || body.search !== undefined || body.sharedWith !== undefined,
      { message: 'must change the name, the search or the sharing' },
    ),
  );
export type UpdateSavedViewBody = z.input<typeof UpdateSavedViewBody>;

export const updateSavedView = consoleEndpoint({
  operationId: 'updateSavedView',
  method: 'PUT',
  path: '/api/saved-views/{id}',
  summary: 'Renames a view, overwrites its filters, or changes its sharing.',
  access: 'role',
  params: SavedViewParams,
  body: UpdateSavedViewBody,
  response: SavedView,
  errors: [
    { status: 403, error: 'forbidden', when: 'The caller may see the view but not change it.' },
    { status: 404, error: 'not_found', when: 'No view with this id is visible to the caller.' },
    {
      status: 409,
      error: 'conflict',
      when: 'Someone changed the view after `version`, or the new name is taken.',
    },
  ],
});

export const deleteSavedView = consoleEndpoint({
  operationId: 'deleteSavedView',
  method: 'DELETE',
  path: '/api/saved-views/{id}',
  summary: 'Deletes a view (and every pin of it).',
  access: 'role',
  params: SavedViewParams,
  query: z.object({
    version: z.coerce
      .number({ error: 'must be a whole number' })
      .check(z.int('must be a whole number'), z.positive('must be a whole number'))
      .register(z.globalRegistry, { description: 'The `version` the caller saw.' }),
  }),
  response: null,
  errors: [
    { status: 403, error: 'forbidden', when: 'The caller may see the view but not delete it.' },
    { status: 404, error: 'not_found', when: 'No view with this id is visible to the caller.' },
    { status: 409, error: 'conflict', when: 'Someone changed the view after `version`.' },
  ],
});

export const PinBody = z.object({ pinned: z.boolean() });

export const pinSavedView = consoleEndpoint({
  operationId: 'pinSavedView',
  method: 'PUT',
  path: '/api/saved-views/{id}/pin',
  summary: "Pins a view into the caller's navigation, or unpins it.",
  description: 'Pins are personal: pinning a shared view puts it in your navigation only.',
  access: 'role',
  params: SavedViewParams,
  body: PinBody,
  response: SavedView,
  errors: [
    { status: 404, error: 'not_found', when: 'No view with this id is visible to the caller.' },
  ],
});

export const SAVED_VIEWS_INTRO = [
  'Named filters of the event monitor, the course-group browser and the audit log. A view is private, or',
  'shared with one role; its owner (while they hold that role) and admins may rename, overwrite, re-share or',
  'delete it. Every change sends the `version` it is based on, so two people never overwrite each other',
  "unknowingly. Pins are per person. A view of a screen a role cannot open can't be shared with that role.",
].join(' ');

export const SAVED_VIEWS_ENDPOINTS = [
  listSavedViews,
  createSavedView,
  updateSavedView,
  deleteSavedView,
  pinSavedView,
] as const;
