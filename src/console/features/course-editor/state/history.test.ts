import { describe, expect, it } from 'vitest';
import { initialHistory, pushEdit, redo, undo } from './history.ts';

describe('draft history', () => {
  it('undoes and redoes edits in order, and a new edit drops the redo stack', () => {
    let h = initialHistory('a');
    h = pushEdit(h, 'b', null, 0);
    h = pushEdit(h, 'c', null, 1);
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = pushEdit(h, 'd', null, 2);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(h.past).toEqual(['a', 'b']);
  });

  it('merges edits of the same field within the typing window only', () => {
    let h = initialHistory('');
    h = pushEdit(h, 'T', 'title', 1000);
    h = pushEdit(h, 'Ti', 'title', 1300);
    h = pushEdit(h, 'Tit', 'title', 1600);
    expect(h.past).toEqual(['']);
    h = pushEdit(h, 'Titl', 'title', 5000);
    expect(h.past).toEqual(['', 'Tit']);
    h = pushEdit(h, 'x', 'other', 5100);
    expect(h.past).toEqual(['', 'Tit', 'Titl']);
    expect(undo(h).present).toBe('Titl');
  });

  it('ignores an edit that changes nothing', () => {
    const h = initialHistory({ a: 1 });
    expect(pushEdit(h, h.present)).toBe(h);
  });
});
