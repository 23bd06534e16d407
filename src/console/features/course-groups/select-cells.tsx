// Checkbox cells of the virtualized tables (header "select all loaded", and one per row), and the
// row shell both tables share: positioned in the virtual list, with its select cell first.
import type { ReactNode } from 'react';

export function SelectAllCell({
  allSelected,
  someSelected,
  onToggleAll,
  noun,
}: {
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll(): void;
  noun: string;
}) {
  return (
    <div role="columnheader" className="cell cell--check">
      <input
        type="checkbox"
        checked={allSelected}
        ref={(input) => {
          if (input) input.indeterminate = someSelected && !allSelected;
        }}
        onChange={onToggleAll}
        aria-label={`Select all loaded ${noun}`}
      />
    </div>
  );
}

function SelectCell({
  title,
  selected,
  onToggle,
}: {
  title: string;
  selected: boolean;
  onToggle(): void;
}) {
  return (
    <div role="cell" className="cell cell--check">
      <input
        type="checkbox"
        checked={selected}
        onChange={onToggle}
        aria-label={`Select ${title}`}
      />
    </div>
  );
}

export function SelectableRow({
  index,
  start,
  selectable,
  selected,
  title,
  onToggle,
  children,
}: {
  index: number;
  start: number;
  selectable: boolean;
  selected: boolean;
  title: string;
  onToggle(): void;
  children: ReactNode;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      className={`vtable__row${selected ? ' vtable__row--selected' : ''}`}
      style={{ transform: `translateY(${start}px)` }}
    >
      {selectable ? <SelectCell title={title} selected={selected} onToggle={onToggle} /> : null}
      {children}
    </div>
  );
}
