// Search, feeds and "most read" (issue 15): texts and limits, free of zod (the browser imports them).

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_MAX_PAGE_SIZE = 50;
export const SEARCH_QUERY_MAX = 200;

export const SEARCH_MSG = {
  emptyQuery: 'Skriv vad du söker efter',
  badCursor: 'Ogiltig sidmarkör',
  badDate: 'Ogiltigt datum (ÅÅÅÅ-MM-DD)',
  badRange: 'Från-datumet ligger efter till-datumet',
} as const;

/** One piece of a highlighted text; `hit` pieces are what the search found. */
export interface SearchSegment {
  text: string;
  hit: boolean;
}

/** RSS 2.0 of the whole paper, or of one category (`/rss/sport.xml`, `/rss/v%C3%A4rlden.xml`). */
export function feedPath(category?: string): string {
  return category ? `/rss/${encodeURIComponent(category.toLocaleLowerCase('sv-SE'))}.xml` : '/rss.xml';
}
