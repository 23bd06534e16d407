// The executor's journal: one entry per plan step, saved before and after every request, so a run
// interrupted by a failure, a reload or a crash resumes where it stopped. The browser's journal
// (IndexedDB) lives in the console; this in-memory one serves tests and the server side.
import type { Issue } from '../issues.ts';

export type StepStatus = 'pending' | 'sent' | 'confirmed' | 'failed';

export interface JournalStep {
  status: StepStatus;
  /** Binding key -> server id, for what the step created or bound. */
  producedIds: Record<string, string>;
  error: string | null;
  /** Messages of a failed step, at their nodes; warnings of a confirmed one. */
  issues?: Issue[];
  /** When the request was last sent (ISO date). */
  sentAt?: string;
}

export interface JournalRecord {
  planId: string;
  steps: JournalStep[];
}

export interface Journal {
  load(planId: string): Promise<JournalRecord | undefined>;
  save(record: JournalRecord): Promise<void>;
}

export const newJournalRecord = (planId: string, stepCount: number): JournalRecord => ({
  planId,
  steps: Array.from({ length: stepCount }, () => ({
    status: 'pending',
    producedIds: {},
    error: null,
  })),
});

/** Keeps deep copies, so a caller holding a record cannot change what was saved. */
export class MemoryJournal implements Journal {
  private readonly records = new Map<string, string>();

  async load(planId: string): Promise<JournalRecord | undefined> {
    const saved = this.records.get(planId);
    return saved === undefined ? undefined : (JSON.parse(saved) as JournalRecord);
  }

  async save(record: JournalRecord): Promise<void> {
    this.records.set(record.planId, JSON.stringify(record));
  }
}
