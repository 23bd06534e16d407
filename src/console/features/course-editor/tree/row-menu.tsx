// A row's actions menu (Radix DropdownMenu through the console's Menu; loaded after the outline's
// first frame: late-row-menu.tsx): everything the row can do,
// with its keyboard shortcut beside it. Its items render only while it is open, so a closed menu
// costs a row one button.
import { useRef, type Ref } from 'react';
import type { NodeKind } from '#compiler/index.ts';
import {
  Menu,
  MenuContent,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
} from '../../../components/ui/menu.tsx';
import type { RowActions } from './commands/row-actions.ts';
import { CHILD_WORD } from './commands/row-actions.ts';

export interface RowMenuProps {
  id: string;
  kind: NodeKind;
  /** Accessible name of the row ("Topic Welcome"). */
  label: string;
  childKind: NodeKind | undefined;
  saved: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
  actions: RowActions;
  /** The menu's button (late-row-menu.tsx focuses it when its look-alike had the focus). */
  triggerRef?: Ref<HTMLButtonElement>;
}

export function RowMenu({
  id,
  kind,
  label,
  childKind,
  saved,
  open,
  onOpenChange,
  actions,
  triggerRef,
}: RowMenuProps) {
  // Items that move focus elsewhere (an inline title field, a dialog, another row) keep the menu
  // from returning it to its button as it closes.
  const focusElsewhere = useRef(false);
  const run = (action: () => void, movesFocus = true) => {
    focusElsewhere.current = movesFocus;
    action();
  };
  const word = CHILD_WORD[kind];
  return (
    // Not modal: the rest of the page stays in the accessibility tree (nothing focusable is hidden
    // from it) while the menu holds focus; Escape or a click outside closes it.
    <Menu open={open} onOpenChange={onOpenChange} modal={false}>
      <MenuTrigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className="tree-row__button tree-row__menu"
          aria-label={`Actions for ${label}`}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </MenuTrigger>
      {open ? (
        <MenuContent
          label={`Actions for ${label}`}
          onCloseAutoFocus={(event) => {
            if (focusElsewhere.current) event.preventDefault();
            focusElsewhere.current = false;
          }}
        >
          <MenuItem hint="Enter" onSelect={() => run(() => actions.select(id), false)}>
            Open details
          </MenuItem>
          <MenuItem hint="F2" onSelect={() => run(() => actions.startRename(id))}>
            Rename
          </MenuItem>
          {childKind ? (
            <MenuItem hint="A" onSelect={() => run(() => actions.addChild(id))}>
              Add {CHILD_WORD[childKind]} inside
            </MenuItem>
          ) : null}
          <MenuItem hint="N" onSelect={() => run(() => actions.addAfter(id))}>
            Add {word} after
          </MenuItem>
          <MenuItem onSelect={() => run(() => actions.duplicate(id))}>Duplicate</MenuItem>
          <MenuSeparator />
          <MenuItem
            hint="Alt+↑"
            disabled={!actions.canStep(id, -1)}
            onSelect={() => run(() => actions.moveStep(id, -1))}
          >
            Move up
          </MenuItem>
          <MenuItem
            hint="Alt+↓"
            disabled={!actions.canStep(id, 1)}
            onSelect={() => run(() => actions.moveStep(id, 1))}
          >
            Move down
          </MenuItem>
          <MenuItem hint="M" onSelect={() => run(() => actions.openMoveTo(id))}>
            Move to…
          </MenuItem>
          <MenuSeparator />
          <MenuItem hint="Delete" tone="danger" onSelect={() => run(() => actions.remove(id))}>
            {saved ? (kind === 'section' ? 'Hide from learners…' : 'Move to “Unused”…') : 'Remove'}
          </MenuItem>
        </MenuContent>
      ) : null}
    </Menu>
  );
}
