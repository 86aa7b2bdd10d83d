import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delay` ms (search-as-you-type pickers: the material picker of
 * order lines, the master-data pickers of the data-permission dialog).
 */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
