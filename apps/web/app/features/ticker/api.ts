import type { TickerItem, TickerResponse } from '@vaggen/contract';
import { getJson } from '../../lib/api';

/** Spec 000 §8: a failed ticker fetch yields no items (the component then keeps the fallback). */
export async function fetchTicker(limit: number): Promise<TickerItem[]> {
  try {
    const res = await getJson<TickerResponse>(`/api/sr_news?limit=${limit}`);
    return Array.isArray(res.items) ? res.items : [];
  } catch (err) {
    console.error('ticker fetch failed', err);
    return [];
  }
}
