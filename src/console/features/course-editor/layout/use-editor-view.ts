// Where the user is in the editor: the selected node, the collapsed rows, the row the outline is asked
// to show and focus, and the tab of a narrow window. "Go to" a problem moves all four at once.
import { useCallback, useState } from 'react';
import { isTreeDraft, locate, type Issue } from '#compiler/index.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { ancestorsOf } from '../tree/commands/outline-edits.ts';
import { NARROW_QUERY, type EditorTab } from './editor-layout.tsx';

export function useEditorView(store: EditorStore) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [focus, setFocus] = useState<{ id: string; nonce: number } | null>(null);
  const [tab, setTab] = useState<EditorTab>('outline');

  // Stable: the memoized outline takes them as props.
  const select = useCallback((id: string | null) => {
    setSelectedId(id);
    // Asked at the moment of the click, not at render.
    if (id && window.matchMedia(NARROW_QUERY).matches) setTab('details');
  }, []);
  const toggle = useCallback(
    (id: string, open?: boolean) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (open ?? next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  // Reads the latest draft when called, so the memoized side panel never acts on a stale one.
  const goTo = useCallback(
    (issue: Issue) => {
      const current = store.draft;
      if (isTreeDraft(current) && locate(current, issue.nodeId)) {
        const ancestors = ancestorsOf(current, issue.nodeId);
        setCollapsed((open) => new Set([...open].filter((id) => !ancestors.includes(id))));
        setSelectedId(issue.nodeId);
        setTab('outline');
        setFocus({ id: issue.nodeId, nonce: Date.now() });
        return;
      }
      setSelectedId(null);
      setTab('details');
      const field = issue.field?.split('.')[0];
      requestAnimationFrame(() =>
        document.getElementById(field ? `f-${field}` : 'course-panel-title')?.focus(),
      );
    },
    [store],
  );

  return { selectedId, collapsed, focus, tab, setTab, select, toggle, goTo };
}
