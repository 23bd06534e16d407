// Course groups selected in the browser, handed to the bulk actions (features meet only here).

export interface SelectedGroup {
  id: string;
  title: string;
  /** Unknown for search results (the search item does not carry it). */
  courseCount: number | null;
  displayCourseId: string | null;
}

export interface BulkSelection {
  items: readonly SelectedGroup[];
  /** Unselects the given ids (all when omitted), e.g. the ones a bulk action finished. */
  clear(ids?: readonly string[]): void;
}
