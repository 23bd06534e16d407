// A box that scrolls sideways inside itself (a wide table on a phone), reachable by keyboard so its
// overflow can be scrolled without a pointer.
import type { ReactNode } from 'react';

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
