import { createHash } from 'node:crypto';
import { type CelestialBody, SOLAR_SYSTEM_TEXTURE_PATH, type SolarSystemResponse } from '@vaggen/contract';
import { BODIES, MOON_COUNTS_AS_OF, MOONS } from './data.js';
import { renderTexture, TEXTURE_SLUGS, TEXTURE_VERSION, type Texture } from './textures.js';

export interface CachedJson {
  body: string;
  etag: string;
}

/**
 * The solar-system reference data (static, written by us: see data.ts) and the generated planet
 * textures. Both are built once per process and then served from memory.
 */
export class SolarSystemService {
  private response: SolarSystemResponse | null = null;
  private json: CachedJson | null = null;
  private readonly textures = new Map<string, Promise<Texture>>();

  /** Every body ordered by `solar_system_position`, each with its major moons (nearest first). */
  data(): SolarSystemResponse {
    if (!this.response) {
      const bodies: CelestialBody[] = [...BODIES]
        .sort((a, b) => a.solar_system_position - b.solar_system_position)
        .map((b) => ({
          ...b,
          texture_map_url: textureUrl(b.slug),
          moons: [...(MOONS[b.slug] ?? [])]
            .sort((m, n) => m.distance_from_planet - n.distance_from_planet)
            .map((m) => ({ ...m, planet_id: b.id })),
        }));
      this.response = { bodies, moon_counts_as_of: MOON_COUNTS_AS_OF };
    }
    return this.response;
  }

  /** The response serialised once, with a strong ETag over its bytes. */
  dataJson(): CachedJson {
    if (!this.json) {
      const body = JSON.stringify(this.data());
      this.json = { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return this.json;
  }

  hasTexture(slug: string): boolean {
    return TEXTURE_SLUGS.includes(slug);
  }

  /** A body's texture, painted on first use and then kept (about 20–60 KB each). */
  texture(slug: string): Promise<Texture> {
    let t = this.textures.get(slug);
    if (!t) {
      t = renderTexture(slug);
      t.catch(() => this.textures.delete(slug));
      this.textures.set(slug, t);
    }
    return t;
  }
}

export function textureUrl(slug: string): string {
  return `${SOLAR_SYSTEM_TEXTURE_PATH}/${slug}.webp?v=${TEXTURE_VERSION}`;
}
