// Course groups selected in the browser, handed to the bulk actions (features meet only here).
import type { RowSelection } from './use-row-selection.ts';

export interface SelectedGroup {
  id: string;
  title: string;
  /** Unknown for search results (the search item does not carry it). */
  courseCount: number | null;
  displayCourseId: string | null;
}

export type BulkSelection = RowSelection<SelectedGroup>;
