// The outline panel: its add button, the keyboard shortcuts, the tree, a refused edit's notice at its
// row, and the "Move to…" and "set aside" dialogs. Everything the rows ask for goes through
// useOutlineActions, under the same move rules whichever way it was asked.
import {
  lazy,
  memo,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  placementRule,
  randomId,
  type Baseline,
  type CourseDraft,
  type TreeDraft,
} from '#compiler/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { LatePart } from '../layout/late-part.tsx';
import { useAfterPaint } from '../layout/use-after-paint.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { CourseTree, type CourseTreeHandle } from './course-tree.tsx';
import { nodeName } from './node-names.ts';
import { nodeStatuses } from './node-status.ts';
import { hideSection, moveChecked, moveToUnused, UNUSED_TITLE } from './commands/outline-edits.ts';
import type { Projection } from './geometry/projection.ts';
import { useOutlineActions, type Editing, type Notice } from './commands/use-outline-actions.ts';

// Loaded after the outline shows (issue 27): it is a dialog, so nothing holds its place.
const MoveDialog = lazy(() => import('./move-dialog.tsx').then((m) => ({ default: m.MoveDialog })));

export interface OutlineProps {
  store: EditorStore;
  draft: TreeDraft;
  /** The course as saved (rows show whether they are new, saved or changed against it). */
  saved: CourseDraft;
  baseline: Baseline | null;
  collapsed: ReadonlySet<string>;
  onToggle(id: string, open?: boolean): void;
  selectedId: string | null;
  onSelect(id: string): void;
  issues: ReadonlyMap<string, string>;
  /** A row to show and focus (the problem list's "go to"); nonce: again for the same row. */
  focus: { id: string; nonce: number } | null;
  /** Shown under the panel's title (a new course's kind). */
  children?: ReactNode;
}

const KEYS =
  'On a row: Enter opens it (right after naming a row, adds the next one), F2 renames, A adds inside, N adds after, Alt+↑ and Alt+↓ move, M moves to…, Delete removes, Shift+F10 opens its menu. Drag a row by its handle, or focus the handle and press Space.';

export const Outline = memo(function Outline(props: OutlineProps) {
  const { store, draft, saved, baseline, collapsed, onToggle, selectedId, onSelect } = props;
  const tree = useRef<CourseTreeHandle>(null);
  const rule = useMemo(() => placementRule(baseline, draft.kind), [baseline, draft.kind]);
  const ruleRef = useRef(rule);
  ruleRef.current = rule;
  const collapsedRef = useRef(collapsed);
  collapsedRef.current = collapsed;
  const statusOf = useMemo(() => nodeStatuses(saved), [saved]);
  const [editing, setEditingState] = useState<Editing | null>(null);
  const editingRef = useRef(editing);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [moveTarget, setMoveTarget] = useState<string | null>(null);
  const [removal, setRemoval] = useState<{ id: string; offer: 'unused' | 'hide' } | null>(null);
  const [said, setSaid] = useState('');
  const [handlers] = useState(() => ({
    tree,
    rule: ruleRef,
    collapsed: collapsedRef,
    editing: editingRef,
    select: onSelect,
    toggle: onToggle,
    setEditing: (next: Editing | null) => {
      editingRef.current = next;
      setEditingState(next);
    },
    setNotice,
    // After the menu that asked has closed (it returns focus to its button as it goes).
    openMoveTo: (id: string) => requestAnimationFrame(() => setMoveTarget(id)),
    openRemove: (id: string, offer: 'unused' | 'hide') =>
      requestAnimationFrame(() => setRemoval({ id, offer })),
    say: setSaid,
    focusOrigin: (id: string | null) =>
      id ? tree.current?.focus(id, true) : document.getElementById('outline-add')?.focus(),
  }));
  const actions = useOutlineActions(store, handlers);
  const late = useAfterPaint();

  useEffect(() => {
    if (props.focus) tree.current?.focus(props.focus.id);
  }, [props.focus]);

  const onMove = useCallback(
    (id: string, projection: Projection, byKeyboard: boolean) =>
      void actions.apply(
        moveChecked(store.draft as TreeDraft, id, projection, ruleRef.current),
        id,
        byKeyboard,
      ),
    [actions, store],
  );
  const childWord = draft.kind === 'courseGroup' ? 'section' : 'topic';
  const noticeContent = notice ? (
    <div
      className="notice notice--row"
      role={notice.quiet ? undefined : 'alert'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setNotice(null);
      }}
    >
      <p>{notice.message}</p>
      <div className="notice__actions">
        {notice.offer ? (
          <Button size="sm" onClick={() => setRemoval({ id: notice.nodeId, offer: notice.offer! })}>
            {notice.offer === 'hide' ? 'Hide it from learners…' : `Move it to “${UNUSED_TITLE}”…`}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setNotice(null);
            tree.current?.focus(notice.nodeId);
          }}
        >
          Dismiss
        </Button>
      </div>
    </div>
  ) : null;

  const removalName = removal ? nodeName(draft, removal.id) : '';
  return (
    <section className="course-editor__outline" aria-labelledby="outline-title">
      <div className="course-editor__outline-head">
        <h2 id="outline-title" className="editor-panel__title">
          Outline
        </h2>
        <Button size="sm" id="outline-add" onClick={() => actions.addInside(null)}>
          Add {childWord}
        </Button>
      </div>
      {props.children}
      <details className="outline-keys">
        <summary>Keyboard shortcuts</summary>
        <p id="outline-keys">{KEYS}</p>
      </details>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      <CourseTree
        ref={tree}
        draft={draft}
        collapsed={collapsed}
        selectedId={selectedId}
        issues={props.issues}
        statusOf={statusOf}
        editing={editing}
        rule={rule}
        actions={actions}
        onMove={onMove}
        notice={noticeContent && notice ? { nodeId: notice.nodeId, content: noticeContent } : null}
      />
      <LatePart ready={late} fallback={null}>
        <MoveDialog
          draft={draft}
          nodeId={moveTarget}
          rule={rule}
          onClose={() => {
            const id = moveTarget;
            setMoveTarget(null);
            if (id) tree.current?.focus(id, true);
          }}
          onMove={(id, to) => {
            setMoveTarget(null);
            const current = store.draft as TreeDraft;
            actions.apply(moveChecked(current, id, to, ruleRef.current), id);
            tree.current?.focus(id, true);
          }}
        />
      </LatePart>
      <ConfirmDialog
        open={removal !== null}
        onOpenChange={(open) => {
          if (open) return;
          const id = removal?.id;
          setRemoval(null);
          if (id) tree.current?.focus(id, true);
        }}
        title={
          removal?.offer === 'hide'
            ? `Hide ${removalName} from learners?`
            : `Move ${removalName} to “${UNUSED_TITLE}”?`
        }
        description={
          removal?.offer === 'hide'
            ? `${removalName} is saved, and the Content API cannot delete saved content. Instead its release date becomes 31 December 9999, so learners never see it; what is inside stays inside. You can set the date back later.`
            : `${removalName} is saved, and the Content API cannot delete saved content. Instead it moves into the “${UNUSED_TITLE}” section, whose release date is 31 December 9999, so learners never see it. You can move it back later.`
        }
        confirmLabel={
          removal?.offer === 'hide' ? 'Hide from learners' : `Move to “${UNUSED_TITLE}”`
        }
        onConfirm={() => {
          if (!removal) return;
          const current = store.draft as TreeDraft;
          const outcome =
            removal.offer === 'hide'
              ? hideSection(current, removal.id)
              : moveToUnused(current, removal.id, randomId);
          actions.apply(outcome, removal.id);
        }}
      />
    </section>
  );
});
