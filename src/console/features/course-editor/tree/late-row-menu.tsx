// A row's actions menu, loaded after the outline's first frame (docs/decisions/loading-strategy.md):
// Radix's menu code is not needed to paint the rows. Until it is here each row shows a look-alike
// button (aria-disabled, not disabled, which would dim it); a press on it or Shift+F10 opens the row's
// menu as soon as the code arrives, and a focused look-alike hands its focus to the real button.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { lateModule } from '../../../components/late-component.tsx';
import type { RowMenuProps } from './row-menu.tsx';

const code = lateModule(() => import('./row-menu.tsx'));
const waiting = new Set<() => void>();

/** Starts loading the rows' menu (once); every row swaps its look-alike when it arrives. */
export function preloadRowMenu(): void {
  if (code.loaded()) return;
  void code.preload().then(() => {
    for (const notify of waiting) notify();
  });
}

const subscribe = (notify: () => void) => {
  waiting.add(notify);
  return () => {
    waiting.delete(notify);
  };
};
const loadedMenu = () => code.loaded()?.RowMenu ?? null;

export function LateRowMenu(props: RowMenuProps) {
  const standIn = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // State, not an external store's snapshot: a component chosen per render is mounted afresh.
  const [RowMenu, setRowMenu] = useState(loadedMenu);
  useEffect(() => {
    if (RowMenu) return;
    const arrived = () => {
      // Read before the swap removes the look-alike.
      refocus.current = standIn.current !== null && document.activeElement === standIn.current;
      setRowMenu(loadedMenu);
    };
    if (loadedMenu()) return arrived();
    return subscribe(arrived);
  }, [RowMenu]);
  const { open } = props;
  useEffect(() => {
    if (open) preloadRowMenu();
  }, [open]);
  useLayoutEffect(() => {
    if (RowMenu && refocus.current) trigger.current?.focus();
    refocus.current = false;
  }, [RowMenu]);

  if (RowMenu) return <RowMenu {...props} triggerRef={trigger} />;
  return (
    <button
      ref={standIn}
      type="button"
      className="tree-row__button tree-row__menu"
      aria-label={`Actions for ${props.label}`}
      aria-haspopup="menu"
      aria-expanded="false"
      aria-disabled="true"
      data-state="closed"
      onClick={() => props.onOpenChange(true)}
    >
      <span aria-hidden="true">⋯</span>
    </button>
  );
}
