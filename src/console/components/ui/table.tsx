// Plain data tables (small lists). The course-group browser uses its own virtualized grid.
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

export function Table({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
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
