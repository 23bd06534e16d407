// Checkbox cells of the virtualized tables that have a selection: the header's "select all loaded",
// and one per row.
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

export function SelectCell({
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
