// Where a sortable row lands when the dragged row moves from activeIndex to overIndex: dnd-kit's
// default answer without its cost. The default copies the whole list (arrayMove) and searches it,
// for every row on screen in every render of a drag; with thousands of rows that grows with the
// tree. This reads the row's index once and shifts it arithmetically.
import type { NewIndexGetter } from '@dnd-kit/sortable';

export const newIndex: NewIndexGetter = ({ id, items, activeIndex, overIndex }) => {
  const index = items.indexOf(id);
  if (index === activeIndex) return overIndex;
  if (activeIndex < index && index <= overIndex) return index - 1;
  if (overIndex <= index && index < activeIndex) return index + 1;
  return index;
};
