import type { ElementCategory } from '@vaggen/contract';

/** One colour per category (table cells, legend, charts). Text on them is dark ink: all pass WCAG AA. */
export const CATEGORY_COLORS: Record<ElementCategory, string> = {
  'alkali-metal': '#ffb4a2',
  'alkaline-earth-metal': '#ffd6a5',
  'transition-metal': '#fdffb6',
  'post-transition-metal': '#caffbf',
  metalloid: '#9bf6ff',
  nonmetal: '#a0c4ff',
  halogen: '#bdb2ff',
  'noble-gas': '#ffc6ff',
  lanthanide: '#e9d8a6',
  actinide: '#f4a7b9',
};

/** Stronger shades for chart marks on white. */
export const CATEGORY_STRONG: Record<ElementCategory, string> = {
  'alkali-metal': '#d9480f',
  'alkaline-earth-metal': '#e8590c',
  'transition-metal': '#a68b00',
  'post-transition-metal': '#2b8a3e',
  metalloid: '#0b7285',
  nonmetal: '#1c58b5',
  halogen: '#6741d9',
  'noble-gas': '#ae3ec9',
  lanthanide: '#8f6b00',
  actinide: '#c2255c',
};

/** Chart-of-nuclides colours by main decay mode. */
export function decayColor(stable: boolean, mode: string | null): string {
  if (stable) return '#1a1a1a';
  const m = mode ?? '';
  if (m.startsWith('β−') || m.startsWith('2β−')) return '#3b82f6';
  if (m.startsWith('β+') || m.startsWith('EC') || m.startsWith('2β+') || m.startsWith('e+')) return '#ef4444';
  if (m.startsWith('α')) return '#eab308';
  if (m.startsWith('SF')) return '#22c55e';
  if (m.startsWith('IT')) return '#94a3b8';
  return '#a855f7';
}

export const DECAY_LEGEND: [string, string][] = [
  ['Stabil', '#1a1a1a'],
  ['β−', '#3b82f6'],
  ['β+ / EC', '#ef4444'],
  ['α', '#eab308'],
  ['Spontan fission', '#22c55e'],
  ['p, n och övriga', '#a855f7'],
];
