// Keyboard dragging: Up/Down move over rows (dnd-kit's sortable coordinates), Left/Right shift the
// pointer by one indentation step, as in dnd-kit's sortable tree example. Levels are fixed by kind, so
// the projection keeps the node's level and only the parent found above the slot changes.
import { KeyboardCode, type KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

export const INDENT_PX = 24;

export const treeKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  if (event.code === KeyboardCode.Left || event.code === KeyboardCode.Right) {
    event.preventDefault();
    const step = event.code === KeyboardCode.Left ? -INDENT_PX : INDENT_PX;
    return { ...args.currentCoordinates, x: args.currentCoordinates.x + step };
  }
  return sortableKeyboardCoordinates(event, args);
};
