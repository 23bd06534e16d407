// The editor's IndexedDB storage (fake-indexeddb): drafts are kept per user and course, and the
// journal keeps what the executor saved even if the caller mutates its record afterwards.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newCourseDraft, newJournalRecord, sequentialIds } from '#compiler/index.ts';
import { IndexedDbJournal, autosave, draftKey } from './editor-db.ts';

describe('editor IndexedDB storage', () => {
  it('keeps one backup per user and course, and clears it', async () => {
    const draft = newCourseDraft('microCourse', 'Backed up', sequentialIds());
    const mine = draftKey('a@example.com', 'c1');
    await autosave.save({ key: mine, draft, savedAt: 1, baseVersion: null });
    expect((await autosave.load(mine))?.draft).toEqual(draft);
    expect(await autosave.load(draftKey('b@example.com', 'c1'))).toBeUndefined();
    expect(await autosave.load(draftKey('a@example.com', null))).toBeUndefined();
    await autosave.clear(mine);
    expect(await autosave.load(mine)).toBeUndefined();
  });

  it('journals a snapshot of each record', async () => {
    const journal = new IndexedDbJournal();
    const record = newJournalRecord('plan-1', 2);
    record.steps[0]!.status = 'confirmed';
    record.steps[0]!.producedIds = { n_1: 'id-1' };
    await journal.save(record);
    record.steps[1]!.status = 'sent';
    const loaded = await journal.load('plan-1');
    expect(loaded?.steps.map((s) => s.status)).toEqual(['confirmed', 'pending']);
    expect(loaded?.steps[0]!.producedIds).toEqual({ n_1: 'id-1' });
    expect(await journal.load('plan-2')).toBeUndefined();
  });
});
