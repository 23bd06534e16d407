// The value once it has stopped changing for `delayMs`: the full validation and plan of a large draft
// run after a pause in typing, not on every keystroke.
import { useEffect, useState } from 'react';

export function useSettledValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
