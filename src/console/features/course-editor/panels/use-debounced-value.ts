// A value that follows its input after it has been still for `delayMs` (search as you type).
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return current;
}
