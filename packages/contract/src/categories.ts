/** The ten categories of spec 000 §2, in menu order. Stored and returned in upper case. */
export const CATEGORIES = [
  'NYHETER',
  'SVERIGE',
  'POLITIK',
  'EKONOMI',
  'OPINION',
  'VÄRLDEN',
  'KULTUR',
  'KRÖNIKOR',
  'SPORT',
  'TEKNIK',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Categories linked from the footer (spec 000 §2: five category pages). */
export const FOOTER_CATEGORIES: readonly Category[] = ['NYHETER', 'SVERIGE', 'POLITIK', 'EKONOMI', 'SPORT'];

/** Normalises any casing ("världen", "Världen", "VÄRLDEN") to the stored form, or null if unknown. */
export function parseCategory(value: unknown): Category | null {
  if (typeof value !== 'string') return null;
  const upper = value.trim().toLocaleUpperCase('sv-SE');
  return (CATEGORIES as readonly string[]).includes(upper) ? (upper as Category) : null;
}

/** `/category/{category}`: lowercased and URL-encoded (spec 000 §2). */
export function categoryPath(category: string): string {
  return `/category/${encodeURIComponent(category.toLocaleLowerCase('sv-SE'))}`;
}

/** Human label for a category, e.g. "Världen". */
export function categoryLabel(category: string): string {
  const lower = category.toLocaleLowerCase('sv-SE');
  return lower.charAt(0).toLocaleUpperCase('sv-SE') + lower.slice(1);
}
