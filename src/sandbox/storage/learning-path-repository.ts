// Learning paths: the write path only releases and unreleases them (spec 4.4).
import type { Db } from './database.ts';

export function createLearningPathRepository(db: Db) {
  const setStatus = db.prepare<[string, string, string, string]>(
    'UPDATE learning_paths SET status = ?, updated_at = ? WHERE company_id = ? AND id = ?',
  );
  return {
    /** Returns false when the path is not the company's. */
    setStatus: (companyId: string, id: string, status: string, at: string) =>
      setStatus.run(status, at, companyId, id).changes > 0,
  };
}
