import type { Ad, AdType } from '@vaggen/contract';
import type { Db } from '../../db/index.js';
import { nowIso } from '../../db/index.js';

export interface NewAd {
  type: AdType;
  title: string;
  company: string;
  link_url: string;
  image_url: string;
}

export class AdsService {
  constructor(private readonly db: Db) {}

  /**
   * `limit` active ads of a type in random order ("decided randomly when the ad is shown").
   * Active ads are few, so they are read once and shuffled here: the same SQL on both dialects and
   * no ORDER BY RANDOM() scan. The list is cached briefly and dropped on every change.
   */
  private cache = new Map<AdType, { at: number; ads: Ad[] }>();

  async random(type: AdType, limit: number): Promise<Ad[]> {
    const all = await this.active(type);
    const pool = [...all];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, limit);
  }

  private async active(type: AdType): Promise<Ad[]> {
    const hit = this.cache.get(type);
    if (hit && Date.now() - hit.at < 30_000) return hit.ads;
    const rows = await this.db
      .selectFrom('ads')
      .select(['id', 'type', 'title', 'company', 'link_url', 'image_url'])
      .where('type', '=', type)
      .where('active', '=', 1)
      .orderBy('id')
      .limit(200)
      .execute();
    const ads = rows.map((r) => ({ ...r, id: Number(r.id), type: r.type as AdType }));
    this.cache.set(type, { at: Date.now(), ads });
    return ads;
  }

  async create(ad: NewAd): Promise<void> {
    await this.db
      .insertInto('ads')
      .values({ ...ad, active: 1, created_at: nowIso() })
      .execute();
    this.cache.clear();
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('ads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
