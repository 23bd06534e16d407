// Every outline row is this tall: the virtualizer places rows by it, and each row's list item is it.
export const ROW_HEIGHT = 40;
