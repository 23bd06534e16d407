// Scrolls the outline while a row is dragged with the pointer near its top or bottom edge, in place
// of dnd-kit's auto-scroll. dnd-kit scrolls on a 5 ms timer, by a distance per tick: when a frame
// is slow, more ticks fall into it, more rows scroll in and mount, and the next frame is slower
// still; and it measures every scrollable ancestor after each render to decide. Here the outline
// scrolls once per animation frame by at most `maxStep` pixels, so a frame mounts at most one new
// row however long the previous one took. It stops at the list's end: the dragged row, moved under
// the pointer by a transform, reaches past the box's bottom when the pointer is near it, and the box
// can then scroll past the rows, further with each frame as the row follows.
import { useEffect, type RefObject } from 'react';

/** The edge zones, as a share of the outline's visible height (dnd-kit's default threshold). */
const ZONE = 0.2;

export function useEdgeScroll(
  scrollRef: RefObject<HTMLElement | null>,
  /** Where the pointer drag started; null when no row is dragged with a pointer. */
  start: { y: number } | null,
  maxStep: number,
  /** The scroll offset at which the list's last row is at the box's bottom. */
  listEnd: () => number,
) {
  useEffect(() => {
    const element = scrollRef.current;
    if (!start || !element) return;
    // The zones lie in the part of the outline that is on screen, so they can always be reached.
    // Measured at the start and when the page scrolls: not in every frame.
    let top = 0;
    let bottom = 0;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      top = Math.max(rect.top, 0);
      bottom = Math.min(rect.bottom, window.innerHeight);
    };
    measure();
    let y = start.y;
    const onMove = (event: PointerEvent) => {
      y = event.clientY;
    };
    const step = () => {
      const zone = Math.max(bottom - top, 0) * ZONE;
      const depth = y > bottom - zone ? y - (bottom - zone) : y < top + zone ? y - (top + zone) : 0;
      const distance = zone > 0 ? Math.round(maxStep * Math.max(-1, Math.min(1, depth / zone))) : 0;
      if (distance < 0) element.scrollTop += distance;
      else if (distance > 0) {
        const from = element.scrollTop;
        const end = listEnd();
        if (from < end) element.scrollTop = Math.min(from + distance, end);
      }
      frame = requestAnimationFrame(step);
    };
    let frame = requestAnimationFrame(step);
    document.addEventListener('pointermove', onMove, { passive: true });
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('pointermove', onMove);
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [scrollRef, start, maxStep, listEnd]);
}
