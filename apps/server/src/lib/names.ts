/**
 * A person's name as compared for reserved names (issue 17): Unicode NFKC (so full-width or
 * ligature look-alikes fold), spaces trimmed and collapsed, lower case.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
