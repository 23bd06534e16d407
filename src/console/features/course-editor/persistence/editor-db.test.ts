// The editor's IndexedDB storage (fake-indexeddb): drafts are kept per user and course with their
// undo history and baseline, and the journal keeps what the executor saved even if the caller
// mutates its record afterwards.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  newCourseDraft,
  newJournalRecord,
  sequentialIds,
  setAttributes,
  type Baseline,
} from '#compiler/index.ts';
import { IndexedDbJournal, autosave, draftKey } from './editor-db.ts';

describe('editor IndexedDB storage', () => {
  it('keeps one backup per user and course, with its history and baseline, and clears both', async () => {
    const draft = newCourseDraft('microCourse', 'Backed up', sequentialIds());
    const edited = setAttributes(draft, { description: 'Edited' });
    const baseline = { course: { id: 'c1' } } as unknown as Baseline;
    const mine = draftKey('a@example.test', 'c1');
    await autosave.save(
      {
        key: mine,
        draft: edited,
        savedAt: 1,
        history: { past: [draft], future: [] },
        hasBaseline: true,
      },
      baseline,
    );
    const loaded = await autosave.load(mine);
    expect(loaded?.entry.draft).toEqual(edited);
    expect(loaded?.entry.history?.past).toEqual([draft]);
    expect(loaded?.baseline).toEqual(baseline);
    // A later write without a new baseline keeps the stored one.
    await autosave.save({ key: mine, draft, savedAt: 2, hasBaseline: true });
    expect((await autosave.load(mine))?.baseline).toEqual(baseline);
    expect(await autosave.load(draftKey('b@example.test', 'c1'))).toBeUndefined();
    expect(await autosave.load(draftKey('a@example.test', null))).toBeUndefined();
    await autosave.clear(mine);
    expect(await autosave.load(mine)).toBeUndefined();
  });

  it('reads a backup without a stored baseline as one whose baseline is unknown', async () => {
    const key = draftKey('a@example.test', 'c2');
    const draft = newCourseDraft('microCourse', 'Old backup', sequentialIds());
    await autosave.save({ key, draft, savedAt: 1 });
    expect(await autosave.load(key)).toEqual({
      entry: { key, draft, savedAt: 1, hasBaseline: false },
      baseline: null,
    });
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
