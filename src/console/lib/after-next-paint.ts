// Work that must not delay a frame runs just after it has painted (the lazy parts of the signed-in layout
// and of the course editor: docs/decisions/loading-strategy.md).

/** A hidden tab paints no frames: its wait is a timer instead, as short as a frame under load. */
const HIDDEN_WAIT_MS = 200;

/**
 * Calls `then` just after the next frame has been painted (a task queued from that frame's callback, so
 * not in it). A page that is hidden, or hidden meanwhile (a tab opened in the background), paints no
 * frame: there `then` runs after HIDDEN_WAIT_MS. No timer races the frame while the page is shown: a
 * slow first frame (a busy machine) is waited for, not overtaken by the work it must go first of.
 * Returns what cancels it (an effect's clean-up).
 */
export function afterNextPaint(then: () => void): () => void {
  let done = false;
  let next: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    stop();
    then();
  };
  const frame = requestAnimationFrame(() => (next = setTimeout(run)));
  let hiddenWait: ReturnType<typeof setTimeout> | undefined;
  const onVisibility = () => {
    clearTimeout(hiddenWait);
    if (document.visibilityState === 'hidden') hiddenWait = setTimeout(run, HIDDEN_WAIT_MS);
  };
  document.addEventListener('visibilitychange', onVisibility);
  onVisibility();
  function stop() {
    cancelAnimationFrame(frame);
    clearTimeout(next);
    clearTimeout(hiddenWait);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return () => {
    done = true;
    stop();
  };
}
