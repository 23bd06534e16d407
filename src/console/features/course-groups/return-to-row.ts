// Going Back from a group opened from the list returns to the row that was opened: the list's
// scroll position (the table scrolls in a box of its own, which the router's scroll restoration does
// not know) and the focus on that row's link, instead of <body> at the top. What was opened is kept
// in memory for the list's address; the list reads it once when it is shown at that address again.
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';

interface Opened {
  /** The list's address (path and query). */
  list: string;
  /** The opened row's link. */
  href: string;
  scrollTop: number;
  windowY: number;
}

let opened: Opened | null = null;

const here = () => `${window.location.pathname}${window.location.search}`;

/** How long the list may take to show the row again (its data is cached, so a few frames). */
const WAIT_FRAMES = 120;

export function useReturnToRow(): {
  ref: RefObject<HTMLDivElement | null>;
  onClickCapture: (event: MouseEvent<HTMLDivElement>) => void;
} {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const back = opened;
    if (!back || back.list !== here()) return;
    opened = null;
    let frames = 0;
    let scrolled = false;
    let frame = requestAnimationFrame(function step() {
      const box = ref.current;
      const scroller = box?.querySelector<HTMLElement>('.vtable__scroll');
      if (box && scroller && !scrolled) {
        scroller.scrollTop = back.scrollTop;
        window.scrollTo(0, back.windowY);
        scrolled = true;
      }
      const link = scrolled
        ? [...box!.querySelectorAll<HTMLAnchorElement>('a.row-link')].find(
            (a) => a.getAttribute('href') === back.href,
          )
        : undefined;
      if (link) link.focus({ preventScroll: true });
      else if (++frames < WAIT_FRAMES) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a.row-link');
    const href = link?.getAttribute('href');
    if (!href) return;
    opened = {
      list: here(),
      href,
      scrollTop: ref.current?.querySelector('.vtable__scroll')?.scrollTop ?? 0,
      windowY: window.scrollY,
    };
  };
  return { ref, onClickCapture };
}
