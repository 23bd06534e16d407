// One row of the flattened tree, in two parts. The outer part holds dnd-kit's sortable hook: dnd-kit
// re-renders every row on screen when the drag's state changes, so it renders just the row's list
// item, box and drag handle. The row's content is a memoized component that only re-renders when the row's own
// data changes (node identity, depth, collapsed, selected, state, problem, editing), never on drag
// state.
//
// The content keeps the title whole: a kind icon, the title (or its inline field), the topic type in
// a chip that gives way first, the row's state as an icon with a tooltip, a small "add inside"
// button, and every other action in the row's menu.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import type { NodeKind } from '#compiler/index.ts';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { TOPIC_TYPE_LABELS } from '../../../lib/labels.ts';
import type { FlatNode } from './geometry/flat-tree.ts';
import { HiddenIcon, KindIcon, StatusIcon, type RowState } from './icons.tsx';
import { INDENT_PX } from './geometry/keyboard.ts';
import { ROW_HEIGHT } from './geometry/row-height.ts';
import { newIndex } from './geometry/new-index.ts';
import { displayTitle, KIND_WORD } from './node-names.ts';
import type { NodeStatus } from './node-status.ts';
import { isHiddenSection } from './commands/outline-edits.ts';
import { countRowRender } from './render-count.ts';
import { CHILD_WORD, type FocusMove, type RowActions } from './commands/row-actions.ts';
import { LateRowMenu } from './late-row-menu.tsx';

export interface TreeRowProps {
  item: FlatNode;
  collapsed: boolean;
  selected: boolean;
  status: NodeStatus;
  /** The first problem at this node, in words. */
  issue: string | undefined;
  /** The inline title field is open: for a node just added, or a rename. */
  editing: 'new' | 'rename' | null;
  childKind: NodeKind | undefined;
  actions: RowActions;
}

interface SortableRowProps extends TreeRowProps {
  /** The row's place in the virtualized list (px from its top). */
  start: number;
}

const STATE_WORDS: Record<RowState, string> = {
  new: 'New: created when you apply',
  saved: 'Saved, unchanged',
  changed: 'Changed: sent when you apply',
  problem: 'Problem',
};

const labelOf = (item: FlatNode) => `${KIND_WORD[item.kind]} ${displayTitle(item.node)}`;

function TreeRowView({ start, ...props }: SortableRowProps) {
  countRowRender();
  const { item, selected, issue } = props;
  const { node, depth, id } = item;
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, getNewIndex: newIndex });
  const hidden = isHiddenSection(node);

  // dnd-kit's sortable node is the list item, placed by `top`: every row's node then has the same
  // parent, the list. dnd-kit keeps the scrollable ancestors it found for the row under the pointer
  // only while the next row under it has the same parent; with a node per item it looked them up
  // again (a computed style per ancestor), measured them and moved its scroll listeners each time
  // the pointer crossed a row. `top`, not a transform: dnd-kit measures a node without its transform.
  return (
    <li
      ref={setNodeRef}
      className="course-tree__item"
      style={{
        top: start,
        height: ROW_HEIGHT,
        transform: CSS.Translate.toString(transform),
        transition,
      }}
    >
      <div
        className={`tree-row tree-row--${node.kind}${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}${issue ? ' has-issue' : ''}${hidden ? ' is-hidden-section' : ''}`}
        style={{ paddingInlineStart: depth * INDENT_PX + 2 }}
        data-node-id={id}
        data-testid={`row-${node.title}`}
      >
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="tree-row__handle"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${labelOf(item)}`}
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <RowContent {...props} />
      </div>
    </li>
  );
}

const MOVES: Record<string, FocusMove> = {
  ArrowDown: 1,
  ArrowUp: -1,
  Home: 'first',
  End: 'last',
};

function RowContentView({
  item,
  collapsed,
  selected,
  status,
  issue,
  editing,
  childKind,
  actions,
}: TreeRowProps) {
  const { node, id } = item;
  const [menuOpen, setMenuOpen] = useState(false);
  const label = labelOf(item);
  const state: RowState = issue ? 'problem' : status;
  const stateWords = issue ? `Problem: ${issue}` : STATE_WORDS[status];
  const hasChildren = childKind !== undefined && item.childCount > 0;
  const hidden = isHiddenSection(node);

  const onTitleKey = (event: KeyboardEvent) => {
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key !== 'Enter') actions.forgetConfirmed();
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      handled();
      actions.moveStep(id, event.key === 'ArrowUp' ? -1 : 1);
    } else if (plain && MOVES[event.key] !== undefined) {
      handled();
      actions.focusRow(id, MOVES[event.key]!);
    } else if (plain && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      // Right opens a closed row; Left closes an open one, or goes to the parent (a file tree's keys).
      const open = event.key === 'ArrowRight';
      if (hasChildren && collapsed === open) {
        handled();
        actions.toggle(id);
      } else if (!open && item.parentId) {
        handled();
        actions.focusRow(id, 'parent');
      }
    } else if (event.key === 'Enter' && plain) {
      handled();
      actions.enter(id);
    } else if (event.key === 'F2' && plain) {
      handled();
      actions.startRename(id);
    } else if (event.key === 'Delete' && plain) {
      handled();
      actions.remove(id);
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      handled();
      setMenuOpen(true);
    } else if (plain && !event.shiftKey) {
      const key = event.key.toLowerCase();
      if (key === 'a' && childKind) actions.addChild(id);
      else if (key === 'n') actions.addAfter(id);
      else if (key === 'm') actions.openMoveTo(id);
      else return;
      handled();
    }
  };

  return (
    <>
      {hasChildren ? (
        <button
          type="button"
          className="tree-row__toggle"
          aria-expanded={!collapsed}
          aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${label}`}
          onClick={() => actions.toggle(id)}
        >
          <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span>
        </button>
      ) : (
        <span className="tree-row__toggle" aria-hidden="true" />
      )}
      <KindIcon kind={node.kind} type={node.kind === 'topic' ? node.type : undefined} />
      {editing ? (
        <TitleField
          id={id}
          title={node.title ?? ''}
          label={
            editing === 'new' ? `Title of the new ${CHILD_WORD[node.kind]}` : `Rename ${label}`
          }
          actions={actions}
        />
      ) : (
        <button
          type="button"
          className="tree-row__title"
          id={`node-${id}`}
          aria-label={`${label}, ${stateWords}${hidden ? ', hidden from learners' : ''}`}
          aria-current={selected ? 'true' : undefined}
          aria-describedby="outline-keys"
          onClick={() => actions.select(id)}
          onDoubleClick={() => actions.startRename(id)}
          onKeyDown={onTitleKey}
          onBlur={() => actions.forgetConfirmed()}
        >
          <span className="tree-row__text">{displayTitle(node)}</span>
          {node.kind === 'topic' ? (
            <span className="tree-row__type">{TOPIC_TYPE_LABELS[node.type]}</span>
          ) : null}
          {hidden ? (
            <span className="tree-row__type tree-row__type--hidden">
              <HiddenIcon />
              Hidden from learners
            </span>
          ) : null}
        </button>
      )}
      <Tooltip content={stateWords} side="left">
        <span className="tree-row__state" role="img" aria-label={stateWords}>
          <StatusIcon state={state} />
        </span>
      </Tooltip>
      {childKind ? (
        <Tooltip content={`Add ${CHILD_WORD[childKind]} inside`}>
          <button
            type="button"
            className="tree-row__button"
            aria-label={`Add ${CHILD_WORD[childKind]} to ${label}`}
            onClick={() => actions.addChild(id)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </Tooltip>
      ) : (
        <span className="tree-row__button" aria-hidden="true" />
      )}
      <LateRowMenu
        id={id}
        kind={node.kind}
        label={label}
        childKind={childKind}
        saved={node.serverId !== undefined}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        actions={actions}
      />
    </>
  );
}

/** The inline title field: focused with its text selected; Enter confirms, Escape cancels. */
function TitleField({
  id,
  title,
  label,
  actions,
}: {
  id: string;
  title: string;
  label: string;
  actions: RowActions;
}) {
  const done = useRef(false);
  const finish = (how: 'enter' | 'blur' | 'cancel', value: string) => {
    if (done.current) return;
    done.current = true;
    if (how === 'cancel') actions.cancelTitle(id);
    else actions.commitTitle(id, value, how);
  };
  return (
    <input
      className="tree-row__field"
      id={`node-${id}`}
      aria-label={label}
      defaultValue={title}
      autoComplete="off"
      spellCheck
      onFocus={(event) => event.currentTarget.select()}
      onBlur={(event) => finish('blur', event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish('enter', event.currentTarget.value);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish('cancel', event.currentTarget.value);
        }
      }}
    />
  );
}

const sameRow = (a: TreeRowProps, b: TreeRowProps) =>
  a.item.node === b.item.node &&
  a.item.depth === b.item.depth &&
  a.item.childCount === b.item.childCount &&
  a.item.parentId === b.item.parentId &&
  a.collapsed === b.collapsed &&
  a.selected === b.selected &&
  a.status === b.status &&
  a.issue === b.issue &&
  a.editing === b.editing &&
  a.childKind === b.childKind &&
  a.actions === b.actions;

const RowContent = memo(RowContentView, sameRow);
export const TreeRow = memo(
  TreeRowView,
  (a: SortableRowProps, b: SortableRowProps) => a.start === b.start && sameRow(a, b),
);
