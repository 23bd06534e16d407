// Saved views over real HTTP, on both engines: save, list, share with a role, pin (per person), rename,
// overwrite and delete with the version they are based on, who may change a shared view, the audit
// rows, and bad input that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-database.ts';
import { startHarness, type Harness } from './helpers/console-harness.ts';

describe.each(ENGINES)('saved views (%s)', (engine) => {
  let h: Harness;
  let admin: string;
  let ada: string; // support
  let bo: string; // support
  let cy: string; // content manager

  beforeAll(async () => {
    h = await startHarness({ engine });
    admin = await h.sessionCookie('admin@lectern.test', 'admin');
    ada = await h.sessionCookie('ada@lectern.test', 'support');
    bo = await h.sessionCookie('bo@lectern.test', 'support');
    cy = await h.sessionCookie('cy@lectern.test', 'contentManager');
  });
  afterAll(async () => {
    expect(h.http.leaks).toEqual([]);
    await h.close();
  });

  const save = (cookie: string, body: Record<string, unknown>) =>
    h.http.post('/api/saved-views', { cookie, body });
  const list = async (cookie: string, screen?: string) => {
    const response = await h.http.get(`/api/saved-views${screen ? `?screen=${screen}` : ''}`, {
      cookie,
    });
    expect(response.status).toBe(200);
    return response.body.views as { id: string; name: string; pinned: boolean }[];
  };

  it('saves a private view that only its owner sees', async () => {
    const created = await save(ada, {
      screen: 'eventMonitor',
      name: 'Failed quizzes',
      search: { kinds: 'quizAttempt', learner: 'bea@lectern.test' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      screen: 'eventMonitor',
      name: 'Failed quizzes',
      search: { kinds: 'quizAttempt', learner: 'bea@lectern.test' },
      sharedWith: null,
      owner: 'ada@lectern.test',
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      updatedBy: 'ada@lectern.test',
      pinned: false,
      canChange: true,
    });
    expect((await list(ada)).map((view) => view.name)).toEqual(['Failed quizzes']);
    expect(await list(bo)).toEqual([]);
    // Admins see shared views, not others' private ones.
    expect(await list(admin)).toEqual([]);
  });

  it('refuses a second view of the same name (any case) on a screen, and bad input', async () => {
    const again = await save(ada, { screen: 'eventMonitor', name: 'failed QUIZZES', search: {} });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message:
        'You already have a view named “failed QUIZZES” for the event monitor. Choose another name, or overwrite that view.',
    });
    const empty = await save(ada, { screen: 'eventMonitor', name: '  ', search: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'bad_request', message: 'name: must not be empty' });
    const nested = await save(ada, {
      screen: 'eventMonitor',
      name: 'Nested',
      search: { kinds: { nested: true } },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/^search\.kinds: /);
    const screen = await save(ada, { screen: 'editor', name: 'X', search: {} });
    expect(screen.status).toBe(400);
    expect((await list(ada)).map((view) => view.name)).toEqual(['Failed quizzes']);
  });

  it('shares a view with a role: its members see it, only the owner (in that role) or an admin changes it', async () => {
    const created = await save(ada, {
      screen: 'courseGroups',
      name: 'Archived templates',
      search: { archived: true, isTemplate: true },
      sharedWith: 'support',
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const seenByBo = (await list(bo, 'courseGroups')).find((view) => view.id === id);
    expect(seenByBo).toMatchObject({ name: 'Archived templates', canChange: false });
    expect((await list(cy, 'courseGroups')).find((view) => view.id === id)).toBeUndefined();
    expect((await list(admin)).find((view) => view.id === id)).toMatchObject({ canChange: true });

    const renamedByBo = await h.http.put(`/api/saved-views/${id}`, {
      cookie: bo,
      body: { version: 1, name: 'Mine now' },
    });
    expect(renamedByBo.status).toBe(403);
    expect(renamedByBo.body).toEqual({
      error: 'forbidden',
      message:
        'Refused: “Archived templates” is shared with support staff; only an admin, or its owner while one of support staff, can rename it.',
    });
    const deletedByBo = await h.http.delete(`/api/saved-views/${id}?version=1`, { cookie: bo });
    expect(deletedByBo.status).toBe(403);

    const overwrittenByAdmin = await h.http.put(`/api/saved-views/${id}`, {
      cookie: admin,
      body: { version: 1, search: { archived: true } },
    });
    expect(overwrittenByAdmin.status).toBe(200);
    expect(overwrittenByAdmin.body).toMatchObject({
      version: 2,
      search: { archived: true },
      updatedBy: 'admin@lectern.test',
      owner: 'ada@lectern.test',
    });

    // Ada renames from the version she loaded (1): refused, naming who changed it since.
    const stale = await h.http.put(`/api/saved-views/${id}`, {
      cookie: ada,
      body: { version: 1, name: 'Old templates' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(
      /^“Archived templates” was changed by admin@lectern\.test at \d{4}-.+Z, after you loaded it\. Reload the views and try again\.$/,
    );
    const renamed = await h.http.put(`/api/saved-views/${id}`, {
      cookie: ada,
      body: { version: 2, name: 'Old templates' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Old templates', version: 3 });

    // Ada becomes a content manager: she still sees her view but can no longer change it.
    await h.server.deps.roles.grant('ada@lectern.test', 'contentManager', 'cli', null);
    const asManager = await h.http.put(`/api/saved-views/${id}`, {
      cookie: ada,
      body: { version: 3, name: 'Again' },
    });
    expect(asManager.status).toBe(403);
    await h.server.deps.roles.grant('ada@lectern.test', 'support', 'cli', null);

    const deleted = await h.http.delete(`/api/saved-views/${id}?version=3`, { cookie: ada });
    expect(deleted.status).toBe(204);
    expect((await list(bo)).find((view) => view.id === id)).toBeUndefined();
    const gone = await h.http.put(`/api/saved-views/${id}`, {
      cookie: ada,
      body: { version: 3, name: 'Ghost' },
    });
    expect(gone.status).toBe(404);
  });

  it('keeps sharing within the roles that may open the screen', async () => {
    const other = await save(ada, {
      screen: 'eventMonitor',
      name: 'For managers',
      search: {},
      sharedWith: 'contentManager',
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      'Refused: you can share a view with your own role (support staff) only; admins can share with any role.',
    );
    const audit = await save(admin, {
      screen: 'auditLog',
      name: 'Refusals',
      search: { status: '4xx' },
      sharedWith: 'support',
    });
    expect(audit.status).toBe(400);
    expect(audit.body.message).toBe(
      'sharedWith: support staff cannot open the audit log, so the view cannot be shared with them.',
    );
    const auditBySupport = await save(ada, { screen: 'auditLog', name: 'Mine', search: {} });
    expect(auditBySupport.status).toBe(403);
    expect(auditBySupport.body.message).toBe('Refused: support staff cannot open the audit log.');
  });

  it('pins per person', async () => {
    const created = await save(admin, {
      screen: 'eventMonitor',
      name: 'Certificates today',
      search: { kinds: 'courseCertificate' },
      sharedWith: 'support',
      pinned: true,
    });
    expect(created.body.pinned).toBe(true);
    const { id } = created.body;
    expect((await list(bo)).find((view) => view.id === id)?.pinned).toBe(false);
    const pinned = await h.http.put(`/api/saved-views/${id}/pin`, {
      cookie: bo,
      body: { pinned: true },
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body).toMatchObject({ pinned: true, canChange: false });
    const unpinned = await h.http.put(`/api/saved-views/${id}/pin`, {
      cookie: admin,
      body: { pinned: false },
    });
    expect(unpinned.body.pinned).toBe(false);
    expect((await list(bo)).find((view) => view.id === id)?.pinned).toBe(true);
    // Someone who cannot see the view cannot pin it either.
    const byManager = await h.http.put(`/api/saved-views/${id}/pin`, {
      cookie: cy,
      body: { pinned: true },
    });
    expect(byManager.status).toBe(404);
  });

  it('writes an audit row for every change, refusals included', async () => {
    const dee = await h.sessionCookie('dee@lectern.test', 'support');
    const created = await save(dee, { screen: 'eventMonitor', name: 'Audited', search: {} });
    await h.http.put(`/api/saved-views/${created.body.id}`, {
      cookie: dee,
      body: { version: 1, name: 'Audited twice', sharedWith: 'support' },
    });
    // Bo sees the now shared view but may not delete it: refused, and recorded too.
    const refused = await h.http.delete(`/api/saved-views/${created.body.id}?version=2`, {
      cookie: bo,
    });
    expect(refused.status).toBe(403);
    await h.http.delete(`/api/saved-views/${created.body.id}?version=2`, { cookie: dee });
    const audit = await h.http.get('/api/audit?route=deleteSavedView', { cookie: admin });
    const byDee = await h.http.get('/api/audit?user=dee@lectern.test', { cookie: admin });
    type Entry = { operation: string; summary: string; status: number; userEmail: string };
    const words = (entries: Entry[]) =>
      entries
        .map((entry) => `${entry.userEmail} ${entry.operation} ${entry.status}: ${entry.summary}`)
        .reverse();
    expect(words(byDee.body.entries)).toEqual([
      'dee@lectern.test createSavedView 201: save view “Audited” of the event monitor',
      'dee@lectern.test updateSavedView 200: saved view “Audited” (the event monitor): rename to “Audited twice”, share with support',
      'dee@lectern.test deleteSavedView 204: delete saved view “Audited twice” (the event monitor)',
    ]);
    expect(words(audit.body.entries).slice(-2)).toEqual([
      'bo@lectern.test deleteSavedView 403: delete saved view “Audited twice” (the event monitor)',
      'dee@lectern.test deleteSavedView 204: delete saved view “Audited twice” (the event monitor)',
    ]);
  });
});
