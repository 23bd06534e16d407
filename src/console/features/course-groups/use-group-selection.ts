// Row selection for bulk actions, shared by the filtered list and the search results.
import { useCallback, useMemo, useState } from 'react';
import type { BulkSelection, SelectedGroup } from '../../lib/bulk-selection.ts';

export function useGroupSelection(loaded: readonly SelectedGroup[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, SelectedGroup>>(new Map());

  const toggle = useCallback((group: SelectedGroup) => {
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(group.id)) next.delete(group.id);
      else next.set(group.id, group);
      return next;
    });
  }, []);

  const allSelected = loaded.length > 0 && loaded.every((group) => selected.has(group.id));
  const toggleAll = () =>
    setSelected(allSelected ? new Map() : new Map(loaded.map((group) => [group.id, group])));

  const clear = useCallback((ids?: readonly string[]) => {
    setSelected((previous) => {
      if (!ids) return new Map();
      const next = new Map(previous);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  const selection = useMemo<BulkSelection>(
    () => ({ items: [...selected.values()], clear }),
    [selected, clear],
  );

  return { selected, toggle, toggleAll, allSelected, selection };
}
