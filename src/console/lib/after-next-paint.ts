// Work that must not delay a frame runs just after it has painted (the lazy parts of the signed-in layout
// and of the course editor: docs/decisions/loading-strategy.md).

/** Longest wait for a frame: a tab opened in the background paints none until it is shown. */
const FRAME_WAIT_MS = 200;

/**
 * Calls `then` just after the next frame has been painted (a task queued from that frame's callback, so
 * not in it), or after FRAME_WAIT_MS if no frame comes. Returns what cancels it (an effect's clean-up).
 */
export function afterNextPaint(then: () => void): () => void {
  let next: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (next = setTimeout(then)));
  const fallback = setTimeout(then, FRAME_WAIT_MS);
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(next);
    clearTimeout(fallback);
  };
}
