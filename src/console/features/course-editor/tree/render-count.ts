// Counts tree row renders, for the editor benchmark (React renders per drag move). Exposed on window
// only in builds made with VITE_LECTERN_RENDER_COUNTER=1; counting itself is a cheap increment.
export const renderCounts = { rows: 0 };

if (import.meta.env.VITE_LECTERN_RENDER_COUNTER === '1')
  (globalThis as { __lecternRenderCounts?: typeof renderCounts }).__lecternRenderCounts =
    renderCounts;

/** Called by each row render (a function, so rendering stays free of direct module mutation). */
export function countRowRender(): void {
  renderCounts.rows += 1;
}
