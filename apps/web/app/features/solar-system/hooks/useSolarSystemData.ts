import type { SolarSystemResponse } from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { fetchSolarSystem } from '../api';

export type SolarSystemState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: SolarSystemResponse };

/** Loads the solar-system data in the browser after hydration; `retry` starts over after an error. */
export function useSolarSystemData(): SolarSystemState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SolarSystemState>({ status: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSolarSystem(controller.signal)
      .then((data) => {
        if (!Array.isArray(data?.bodies)) throw new Error('Oväntat svar från servern');
        setState({ status: 'ready', data });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const detail =
          err instanceof ApiError
            ? `${err.message} (${err.status})`
            : err instanceof Error && err.message !== 'Failed to fetch'
              ? err.message
              : 'Ingen kontakt med servern';
        setState({ status: 'error', message: detail });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
