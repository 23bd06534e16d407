// Plain data tables (small lists). The course-group browser uses its own virtualized grid.
import { useId, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';

/**
 * The wrapper scrolls sideways when the table is wider than its column (phones, long audit rows), so
 * it is a labelled region in the tab order: keyboard users can scroll it, and screen readers name it
 * by the table's caption (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function Table({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export const Th = ({ children, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" {...rest}>
    {children}
  </th>
);

export const Td = ({ children, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td {...rest}>{children}</td>
);
