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

/** An abstract editorial illustration (1200×675) in the category's colours, as SVG. */
export function featureSvg(seedText: string, category: Category): string {
  const r = rng(seedText);
  const [c1, c2] = CATEGORY_COLORS[category];
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = Math.round(r() * 1200);
    const y = Math.round(r() * 675);
    const size = Math.round(40 + r() * 260);
    const op = (0.06 + r() * 0.22).toFixed(2);
    shapes.push(
      r() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="#fff" fill-opacity="${op}"/>`
        : `<rect x="${x}" y="${y}" width="${size * 1.6}" height="${size / 3}" rx="${size / 8}" transform="rotate(${Math.round(r() * 90 - 45)} ${x} ${y})" fill="#fff" fill-opacity="${op}"/>`,
    );
  }
  const label = category.charAt(0) + category.slice(1).toLocaleLowerCase('sv-SE');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="1200" height="675" fill="url(#g)"/>
${shapes.join('\n')}
<text x="600" y="610" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="64" font-weight="700" fill="#fff" fill-opacity="0.92">${esc(label)}</text>
</svg>`;
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
