import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `ms` (spec 001 §9: info and success messages, 3 s). */
export function useFlash(ms: number): [string | null, (msg: string | null) => void] {
  const [msg, setMsg] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (next: string | null) => {
      clearTimeout(timer.current);
      setMsg(next);
      if (next !== null) timer.current = setTimeout(() => setMsg(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [msg, show];
}
