import type { Ad, AdType } from '@vaggen/contract';
import { getJson } from '../../lib/api';

/** Spec 000 §8: list fetch failures give an empty list and are logged to the console only. */
export async function fetchAds(type: AdType, limit: number): Promise<Ad[]> {
  try {
    return await getJson<Ad[]>(`/api/ads?type=${type}&limit=${limit}`);
  } catch (err) {
    console.error('ads fetch failed', err);
    return [];
  }
}
