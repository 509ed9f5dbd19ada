/** A value read once, asynchronously, when the component mounts (storage, memoised lookups). */
import { useEffect, useState } from 'react';

/** `undefined` until the value arrives; a failed read stays `undefined`. `read` must be stable (module level). */
export function useAsyncValue<T>(read: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  useEffect(() => {
    let active = true;
    read().then(
      (found) => {
        if (active) setValue(found);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, [read]);
  return value;
}
