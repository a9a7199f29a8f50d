import { SOLAR_SYSTEM_DATA_PATH, type SolarSystemResponse } from '@vaggen/contract';
import { getJson } from '../../lib/api';

/** Spec 001 §7: GET /solar-system-data → { bodies } (public; cached by the browser with its ETag). */
export function fetchSolarSystem(signal?: AbortSignal): Promise<SolarSystemResponse> {
  return getJson<SolarSystemResponse>(SOLAR_SYSTEM_DATA_PATH, { signal });
}
