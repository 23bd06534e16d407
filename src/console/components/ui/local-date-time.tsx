// A date as people read it: the local date and time, with the exact stored value in a tooltip (and in
// `dateTime` for assistive technology). Any screen that shows a stored date uses it.
import { formatDateTime } from '../../lib/format.ts';

export function LocalDateTime({ value }: { value: string | number }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{String(value)}</>;
  const exact = typeof value === 'string' ? value : date.toISOString();
  return (
    <time dateTime={date.toISOString()} title={exact}>
      {formatDateTime(value)}
    </time>
  );
}
