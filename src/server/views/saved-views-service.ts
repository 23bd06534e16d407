// Saved views (contract: saved-views.ts). Who sees and who changes a view:
//   - a private view: its owner alone;
//   - a view shared with a role: everyone holding that role, and admins; its owner and admins see it
//     whatever happens to their roles, but changing it (rename, overwrite, re-share, delete) needs the
//     admin role, or being its owner while holding the role it is shared with;
//   - every view is of one screen, and nobody sees a view of a screen their role cannot open (the audit
//     log is for admins), nor can a view be shared with a role that cannot open its screen.
// Changes send the version they are based on: a change someone else made in between is never
// overwritten silently (409, naming who changed it and when).
import { randomUUID } from 'node:crypto';
import type { ConsoleRole } from '#contract/console/access.ts';
import {
  ROLE_PLURALS,
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_SCREENS,
  SCREEN_ROLES,
  SCREEN_WORDS,
  type SavedView,
  type SavedViewScreen,
  type ViewSearch,
} from '#contract/console/saved-views.ts';
import { ApiError } from '../errors.ts';
import { isUniqueViolation } from '../storage/unique-violation.ts';
import {
  type SavedViewChange,
  type SavedViewRow,
  type SavedViewsRepository,
} from '../storage/saved-views-repository.ts';

export interface ViewUser {
  email: string;
  role: ConsoleRole;
}

const NOT_FOUND =
  'No saved view with this id (it may have been deleted, or it is not shared with you).';

const screensFor = (role: ConsoleRole): SavedViewScreen[] =>
  SAVED_VIEW_SCREENS.filter((screen) => SCREEN_ROLES[screen].includes(role));

function canSee(row: SavedViewRow, user: ViewUser): boolean {
  if (!SCREEN_ROLES[row.screen].includes(user.role)) return false;
  return (
    row.owner_email === user.email ||
    (row.shared_with !== null && (row.shared_with === user.role || user.role === 'admin'))
  );
}

function canChange(row: SavedViewRow, user: ViewUser): boolean {
  if (row.shared_with === null) return row.owner_email === user.email;
  return user.role === 'admin' || (row.owner_email === user.email && user.role === row.shared_with);
}

function changeRefusal(row: SavedViewRow, what: string): ApiError {
  return new ApiError(
    403,
    'forbidden',
    row.shared_with === null
      ? `Refused: “${row.name}” is ${row.owner_email}'s private view; only they can ${what} it.`
      : `Refused: “${row.name}” is shared with ${ROLE_PLURALS[row.shared_with]}; only an admin, or its owner while one of ${ROLE_PLURALS[row.shared_with]}, can ${what} it.`,
  );
}

/** The roles a person may share a view of `screen` with: their own, or any for admins. */
function checkSharing(user: ViewUser, screen: SavedViewScreen, role: ConsoleRole | null): void {
  if (role === null) return;
  if (user.role !== 'admin' && role !== user.role)
    throw new ApiError(
      403,
      'forbidden',
      `Refused: you can share a view with your own role (${ROLE_PLURALS[user.role]}) only; admins can share with any role.`,
    );
  if (!SCREEN_ROLES[screen].includes(role))
    throw new ApiError(
      400,
      'bad_request',
      `sharedWith: ${ROLE_PLURALS[role]} cannot open ${SCREEN_WORDS[screen]}, so the view cannot be shared with them.`,
    );
}

export function createSavedViewsService(repo: SavedViewsRepository, now: () => number) {
  const toView = (row: SavedViewRow, user: ViewUser, pinned: boolean): SavedView => ({
    id: row.id,
    screen: row.screen,
    name: row.name,
    search: JSON.parse(row.search) as ViewSearch,
    sharedWith: row.shared_with,
    owner: row.owner_email,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
    pinned,
    canChange: canChange(row, user),
  });

  async function visibleRow(id: string, user: ViewUser): Promise<SavedViewRow> {
    const row = await repo.find(id);
    if (!row || !canSee(row, user)) throw new ApiError(404, 'not_found', NOT_FOUND);
    return row;
  }

  async function answer(id: string, user: ViewUser): Promise<SavedView> {
    const row = await visibleRow(id, user);
    return toView(row, user, (await repo.pinnedIds(user.email)).has(id));
  }

  function duplicateName(screen: SavedViewScreen, name: string): ApiError {
    return new ApiError(
      409,
      'conflict',
      `You already have a view named “${name}” for ${SCREEN_WORDS[screen]}. Choose another name, or overwrite that view.`,
    );
  }

  /** The 409 of a change based on an old version: who changed the view since, and when. */
  async function staleRefusal(id: string, user: ViewUser): Promise<ApiError> {
    const current = await repo.find(id);
    if (!current || !canSee(current, user)) return new ApiError(404, 'not_found', NOT_FOUND);
    return new ApiError(
      409,
      'conflict',
      `“${current.name}” was changed by ${current.updated_by} at ${new Date(current.updated_at).toISOString()}, after you loaded it. Reload the views and try again.`,
    );
  }

  return {
    async list(user: ViewUser, screen?: SavedViewScreen): Promise<SavedView[]> {
      const screens = screensFor(user.role).filter((item) => !screen || item === screen);
      const sharedRoles: ConsoleRole[] =
        user.role === 'admin' ? ['admin', 'contentManager', 'support'] : [user.role];
      const [rows, pins] = await Promise.all([
        repo.visible(user.email, sharedRoles, screens),
        repo.pinnedIds(user.email),
      ]);
      return rows
        .filter((row) => canSee(row, user))
        .map((row) => toView(row, user, pins.has(row.id)));
    },

    async create(
      user: ViewUser,
      input: {
        screen: SavedViewScreen;
        name: string;
        search: ViewSearch;
        sharedWith: ConsoleRole | null;
        pinned: boolean;
      },
    ): Promise<SavedView> {
      if (!SCREEN_ROLES[input.screen].includes(user.role))
        throw new ApiError(
          403,
          'forbidden',
          `Refused: ${ROLE_PLURALS[user.role]} cannot open ${SCREEN_WORDS[input.screen]}.`,
        );
      checkSharing(user, input.screen, input.sharedWith);
      if ((await repo.countOwned(user.email, input.screen)) >= SAVED_VIEW_LIMITS.perOwnerAndScreen)
        throw new ApiError(
          409,
          'conflict',
          `You have ${SAVED_VIEW_LIMITS.perOwnerAndScreen} views for ${SCREEN_WORDS[input.screen]}, the most one person can keep. Delete one first.`,
        );
      const at = now();
      const row: SavedViewRow = {
        id: randomUUID(),
        screen: input.screen,
        name: input.name,
        name_key: input.name.toLowerCase(),
        search: JSON.stringify(input.search),
        owner_email: user.email,
        shared_with: input.sharedWith,
        version: 1,
        created_at: at,
        updated_at: at,
        updated_by: user.email,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(input.screen, input.name);
        throw error;
      }
      if (input.pinned) await repo.pin(row.id, user.email, at);
      return toView(row, user, input.pinned);
    },

    async update(
      user: ViewUser,
      id: string,
      input: {
        version: number;
        name?: string;
        search?: ViewSearch;
        sharedWith?: ConsoleRole | null;
      },
    ): Promise<SavedView> {
      const row = await visibleRow(id, user);
      const what =
        input.sharedWith !== undefined
          ? 'change the sharing of'
          : input.name !== undefined
            ? 'rename'
            : 'overwrite';
      if (!canChange(row, user)) throw changeRefusal(row, what);
      if (input.sharedWith !== undefined) checkSharing(user, row.screen, input.sharedWith);
      const change: SavedViewChange = { updated_at: now(), updated_by: user.email };
      if (input.name !== undefined) {
        change.name = input.name;
        change.name_key = input.name.toLowerCase();
      }
      if (input.search !== undefined) change.search = JSON.stringify(input.search);
      if (input.sharedWith !== undefined) change.shared_with = input.sharedWith;
      let applied: boolean;
      try {
        applied = await repo.update(id, input.version, change);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(row.screen, input.name ?? row.name);
        throw error;
      }
      if (!applied) throw await staleRefusal(id, user);
      return answer(id, user);
    },

    async delete(user: ViewUser, id: string, version: number): Promise<void> {
      const row = await visibleRow(id, user);
      if (!canChange(row, user)) throw changeRefusal(row, 'delete');
      if (!(await repo.delete(id, version))) throw await staleRefusal(id, user);
    },

    async pin(user: ViewUser, id: string, pinned: boolean): Promise<SavedView> {
      await visibleRow(id, user);
      if (pinned) await repo.pin(id, user.email, now());
      else await repo.unpin(id, user.email);
      return answer(id, user);
    },

    /** The audit log's words for a view: its name and screen. */
    async describe(id: string): Promise<string> {
      const row = await repo.find(id);
      return row ? `“${row.name}” (${SCREEN_WORDS[row.screen]})` : id;
    },
  };
}
export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
