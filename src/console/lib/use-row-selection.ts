// The rows a user has selected in a table, for actions on several at once: toggle one, toggle every
// loaded row, and clear some or all (the ones an action finished).
import { useCallback, useMemo, useState } from 'react';

export interface RowSelection<S extends { id: string }> {
  items: readonly S[];
  /** Unselects the given ids (all when omitted), e.g. the ones a bulk action finished. */
  clear(ids?: readonly string[]): void;
}

export function useRowSelection<S extends { id: string }>(loaded: readonly S[]) {
  const [selected, setSelected] = useState<ReadonlyMap<string, S>>(new Map());

  const toggle = useCallback((row: S) => {
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  }, []);

  const allSelected = loaded.length > 0 && loaded.every((row) => selected.has(row.id));
  const toggleAll = () =>
    setSelected(allSelected ? new Map() : new Map(loaded.map((row) => [row.id, row])));

  const clear = useCallback((ids?: readonly string[]) => {
    setSelected((previous) => {
      if (!ids) return new Map();
      const next = new Map(previous);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);

  const selection = useMemo<RowSelection<S>>(
    () => ({ items: [...selected.values()], clear }),
    [selected, clear],
  );

  return { selected, toggle, toggleAll, allSelected, selection };
}
