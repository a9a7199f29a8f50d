import type { Category } from '@vaggen/contract';

/** Category colours for generated illustrations. */
export const CATEGORY_COLORS: Record<Category, [string, string]> = {
  NYHETER: ['#b91c1c', '#7f1d1d'],
  SVERIGE: ['#1d4ed8', '#facc15'],
  POLITIK: ['#4338ca', '#1e1b4b'],
  EKONOMI: ['#047857', '#064e3b'],
  OPINION: ['#9333ea', '#3b0764'],
  VÄRLDEN: ['#0e7490', '#164e63'],
  KULTUR: ['#c2410c', '#7c2d12'],
  KRÖNIKOR: ['#a16207', '#422006'],
  SPORT: ['#15803d', '#052e16'],
  TEKNIK: ['#334155', '#0f172a'],
};

/** Small deterministic PRNG (mulberry32) so a title always yields the same picture. */
function rng(seedText: string): () => number {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed ^ ch.codePointAt(0)!, 2654435761) + 1) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Skies by the time of day: top, horizon, the sun's (or moon's) colour. */
const SKIES: { name: string; when: string; top: string; low: string; sun: string }[] = [
  { name: 'gryning', when: 'i gryningen', top: '#3b4a7a', low: '#f6b38a', sun: '#ffe3b0' },
  { name: 'förmiddag', when: 'en förmiddag', top: '#4d8fd6', low: '#cfe6f7', sun: '#fff6d5' },
  { name: 'eftermiddag', when: 'en eftermiddag', top: '#6aa5e0', low: '#f3e3c3', sun: '#fff2c2' },
  { name: 'kväll', when: 'en kväll', top: '#2c2f63', low: '#e9866a', sun: '#ffcf8a' },
  { name: 'natt', when: 'en natt', top: '#0b1430', low: '#29406b', sun: '#e8eef7' },
];

const shade = (hex: string, f: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v * f)));
  return `#${[(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => c(v).toString(16).padStart(2, '0')).join('')}`;
};

/** A ridge of hills across the picture, as a closed path to the bottom edge. */
function ridge(r: () => number, base: number, amp: number, steps: number): string {
  const pts: string[] = [`M0 675 L0 ${base}`];
  for (let i = 1; i <= steps; i++) pts.push(`L${Math.round((1200 * i) / steps)} ${Math.round(base - r() * amp)}`);
  pts.push('L1200 675 Z');
  return pts.join(' ');
}

/**
 * Issue 41: the demo paper's pictures — an illustrated scene (a town, the sea, hills, a pitch) at a
 * time of day picked from the title, without any text on it, and the alt text that says what it is.
 */
export function featureScene(seedText: string, category: Category): { svg: string; alt: string } {
  const r = rng(seedText);
  const sky = SKIES[Math.floor(r() * SKIES.length)] as (typeof SKIES)[number];
  const [accent] = CATEGORY_COLORS[category];
  const night = sky.name === 'natt';
  const sunX = Math.round(150 + r() * 900);
  const sunY = Math.round(120 + r() * 220);
  const parts: string[] = [
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.low}"/></linearGradient></defs>`,
    '<rect width="1200" height="675" fill="url(#s)"/>',
    `<circle cx="${sunX}" cy="${sunY}" r="${night ? 38 : 60}" fill="${sky.sun}" fill-opacity="0.95"/>`,
  ];
  if (night)
    for (let i = 0; i < 40; i++)
      parts.push(
        `<circle cx="${Math.round(r() * 1200)}" cy="${Math.round(r() * 330)}" r="${(1 + r() * 1.6).toFixed(1)}" fill="#fff" fill-opacity="0.8"/>`,
      );
  for (let i = 0; i < 3; i++) {
    const x = Math.round(r() * 1100);
    const y = Math.round(60 + r() * 200);
    parts.push(
      `<ellipse cx="${x}" cy="${y}" rx="${Math.round(70 + r() * 90)}" ry="${Math.round(14 + r() * 14)}" fill="#fff" fill-opacity="${night ? 0.08 : 0.35}"/>`,
    );
  }
  let scene: string;
  if (category === 'SPORT') {
    scene = 'en idrottsplats';
    parts.push(`<path d="${ridge(r, 420, 60, 8)}" fill="${shade(sky.low, 0.55)}"/>`);
    parts.push('<rect y="470" width="1200" height="205" fill="#3f8f4a"/>');
    for (let i = 0; i < 6; i++) parts.push(`<rect x="${i * 200}" y="470" width="100" height="205" fill="#4a9c54"/>`);
    parts.push(
      '<rect x="80" y="500" width="1040" height="150" fill="none" stroke="#fff" stroke-width="5" stroke-opacity="0.85"/>',
    );
    parts.push('<line x1="600" y1="500" x2="600" y2="650" stroke="#fff" stroke-width="5" stroke-opacity="0.85"/>');
    parts.push('<circle cx="600" cy="575" r="48" fill="none" stroke="#fff" stroke-width="5" stroke-opacity="0.85"/>');
    for (const x of [60, 1140])
      parts.push(
        `<rect x="${x - 6}" y="300" width="12" height="170" fill="#ddd"/><rect x="${x - 40}" y="285" width="80" height="22" fill="#f5f5f5"/>`,
      );
  } else if (category === 'VÄRLDEN' || category === 'KULTUR') {
    scene = 'havet och skären';
    parts.push(`<rect y="420" width="1200" height="255" fill="${shade(sky.top, 1.3)}"/>`);
    for (let i = 0; i < 12; i++) {
      const y = 440 + Math.round(r() * 220);
      parts.push(
        `<rect x="${Math.round(r() * 1150)}" y="${y}" width="${Math.round(40 + r() * 120)}" height="3" fill="#fff" fill-opacity="0.35"/>`,
      );
    }
    for (let i = 0; i < 3; i++) {
      const x = Math.round(r() * 1000);
      const w = Math.round(140 + r() * 260);
      parts.push(
        `<path d="M${x} 425 Q${x + w / 2} ${Math.round(360 + r() * 40)} ${x + w} 425 Z" fill="${shade(sky.low, 0.35)}"/>`,
      );
    }
    parts.push(
      `<path d="M${sunX - 160} 520 l40 0 l20 -18 l-80 0 Z" fill="${accent}"/><rect x="${sunX - 132}" y="468" width="4" height="34" fill="#333"/><path d="M${sunX - 128} 470 l0 30 l26 0 Z" fill="#fff"/>`,
    );
  } else if (category === 'OPINION' || category === 'KRÖNIKOR' || category === 'EKONOMI') {
    scene = 'kullar och skog';
    parts.push(`<path d="${ridge(r, 380, 120, 6)}" fill="${shade(sky.low, 0.6)}"/>`);
    parts.push(`<path d="${ridge(r, 470, 90, 9)}" fill="${shade('#4f7d4a', night ? 0.45 : 1)}"/>`);
    for (let i = 0; i < 26; i++) {
      const x = Math.round(r() * 1200);
      const y = Math.round(520 + r() * 150);
      const h = Math.round(50 + r() * 60);
      parts.push(
        `<path d="M${x} ${y} l${h / 3} ${h} l${(-h * 2) / 3} 0 Z" fill="${shade('#2f5d34', night ? 0.5 : 1)}"/>`,
      );
    }
  } else {
    scene = 'en stad';
    parts.push(`<path d="${ridge(r, 430, 50, 6)}" fill="${shade(sky.low, 0.5)}"/>`);
    let x = 0;
    while (x < 1200) {
      const w = Math.round(50 + r() * 90);
      const h = Math.round(90 + r() * 230);
      const fill = shade(sky.top, night ? 0.6 : 0.75);
      parts.push(`<rect x="${x}" y="${600 - h}" width="${w}" height="${h + 75}" fill="${fill}"/>`);
      for (let wy = 620 - h; wy < 585; wy += 26)
        for (let wx = x + 10; wx < x + w - 14; wx += 22)
          if (r() < (night ? 0.55 : 0.3))
            parts.push(
              `<rect x="${wx}" y="${wy}" width="10" height="14" fill="${night ? '#ffd98a' : '#dfe9f3'}" fill-opacity="0.85"/>`,
            );
      x += w + Math.round(r() * 8);
    }
    parts.push(`<rect y="600" width="1200" height="75" fill="${shade(accent, 0.45)}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">\n${parts.join('\n')}\n</svg>`;
  return { svg, alt: `Illustration: ${scene} ${sky.when}` };
}

/** Kept for callers that want the picture alone. */
export function featureSvg(seedText: string, category: Category): string {
  return featureScene(seedText, category).svg;
}

/** A square ad (600×600) with the company name and tagline. */
export function adSvg(company: string, tagline: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<rect width="600" height="600" fill="${color}"/>
<circle cx="470" cy="130" r="160" fill="#fff" fill-opacity="0.12"/>
<circle cx="90" cy="520" r="120" fill="#000" fill-opacity="0.10"/>
<text x="50" y="270" font-family="DejaVu Sans, Arial, sans-serif" font-size="54" font-weight="700" fill="#fff">${esc(company)}</text>
<text x="50" y="340" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#fff" fill-opacity="0.9">${esc(tagline)}</text>
<rect x="50" y="420" width="230" height="64" rx="32" fill="#fff"/>
<text x="165" y="462" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="${color}">Läs mer</text>
</svg>`;
}
