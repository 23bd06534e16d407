// One row of the flattened tree, in two parts. The outer part holds dnd-kit's sortable hook: dnd-kit
// re-renders every row on screen when the drag's state changes, so it renders just the row's box
// and drag handle. The row's content (toggle, title, problem, actions) is a memoized component
// that only re-renders when the row's own data changes (node identity, depth, collapsed, selected,
// issue), never on drag state.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useState, type KeyboardEvent } from 'react';
import type { FlatNode } from './flat-tree.ts';
import { TOPIC_TYPE_LABELS } from '../../../lib/labels.ts';
import { INDENT_PX } from './keyboard.ts';
import { newIndex } from './new-index.ts';
import { countRowRender } from './render-count.ts';

export interface RowActions {
  select(id: string): void;
  toggle(id: string): void;
  addChild(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
  rename(id: string, title: string): void;
  /** Move keyboard focus to another row: +1/-1 (arrows), or 'first'/'last' (Home/End). */
  focusRow(id: string, to: 1 | -1 | 'first' | 'last'): void;
}

export interface TreeRowProps {
  item: FlatNode;
  collapsed: boolean;
  selected: boolean;
  issue: string | undefined;
  canHaveChildren: boolean;
  childLabel: string | undefined;
  actions: RowActions;
}

const KIND_LABEL = { section: 'Section', lesson: 'Lesson', topic: 'Topic' } as const;

const labelOf = (node: FlatNode['node']) =>
  `${KIND_LABEL[node.kind]} ${node.title || '(untitled)'}`;

function TreeRowView(props: TreeRowProps) {
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

  return (
    <div
      ref={setNodeRef}
      className={`tree-row tree-row--${node.kind}${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}${issue ? ' has-issue' : ''}`}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        paddingInlineStart: depth * INDENT_PX + 4,
      }}
      data-node-id={id}
      data-testid={`row-${node.title}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="tree-row__handle"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${labelOf(node)}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <RowContent {...props} />
    </div>
  );
}

function RowContentView({
  item,
  collapsed,
  selected,
  issue,
  canHaveChildren,
  childLabel,
  actions,
}: TreeRowProps) {
  const { node, id } = item;
  const [renaming, setRenaming] = useState(false);
  const label = labelOf(node);
  const subtitle =
    node.kind === 'topic' ? TOPIC_TYPE_LABELS[node.type] : node.serverId ? 'saved' : 'new';

  const onTitleKey = (event: KeyboardEvent) => {
    const moves: Record<string, 1 | -1 | 'first' | 'last'> = {
      ArrowDown: 1,
      ArrowUp: -1,
      Home: 'first',
      End: 'last',
    };
    if (event.key === 'F2') {
      event.preventDefault();
      setRenaming(true);
    } else if (moves[event.key] !== undefined) {
      event.preventDefault();
      actions.focusRow(id, moves[event.key]!);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      // Left collapses, Right expands (as in a file tree).
      const open = event.key === 'ArrowRight';
      if (canHaveChildren && item.childCount > 0 && collapsed === open) {
        event.preventDefault();
        actions.toggle(id);
      }
    }
  };

  return (
    <>
      {canHaveChildren && item.childCount > 0 ? (
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
      {renaming ? (
        <input
          className="tree-row__rename"
          aria-label={`Rename ${label}`}
          defaultValue={node.title}
          autoFocus
          onBlur={(event) => {
            actions.rename(id, event.currentTarget.value);
            setRenaming(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
            if (event.key === 'Escape') setRenaming(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="tree-row__title"
          id={`node-${id}`}
          aria-current={selected ? 'true' : undefined}
          onClick={() => actions.select(id)}
          onDoubleClick={() => setRenaming(true)}
          onKeyDown={onTitleKey}
        >
          <span className={`tree-row__kind tree-row__kind--${node.kind}`}>
            {KIND_LABEL[node.kind]}
          </span>
          <span className="tree-row__text">{node.title || '(untitled)'}</span>
          <span className="tree-row__meta">{subtitle}</span>
        </button>
      )}
      {issue ? (
        <span className="tree-row__issue" title={issue}>
          <span className="visually-hidden">Problem: </span>
          {issue}
        </span>
      ) : null}
      <span className="tree-row__actions">
        {childLabel ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => actions.addChild(id)}
            aria-label={`Add ${childLabel} to ${label}`}
          >
            + {childLabel}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => setRenaming(true)}
          aria-label={`Rename ${label}`}
        >
          Rename
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => actions.duplicate(id)}
          aria-label={`Duplicate ${label}`}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => actions.remove(id)}
          aria-label={`Remove ${label}`}
        >
          Remove
        </button>
      </span>
    </>
  );
}

const sameRow = (a: TreeRowProps, b: TreeRowProps) =>
  a.item.node === b.item.node &&
  a.item.depth === b.item.depth &&
  a.item.childCount === b.item.childCount &&
  a.collapsed === b.collapsed &&
  a.selected === b.selected &&
  a.issue === b.issue &&
  a.canHaveChildren === b.canHaveChildren &&
  a.childLabel === b.childLabel &&
  a.actions === b.actions;

const RowContent = memo(RowContentView, sameRow);
export const TreeRow = memo(TreeRowView, sameRow);
