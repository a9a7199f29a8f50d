import type { ArticleSummary, FrontBoard, FrontSize, FrontSlotInput } from '@vaggen/contract';

/** A slot on the board: what will be saved, with the article it shows. */
export interface BoardSlot {
  articleId: number;
  size: FrontSize;
  headline: string;
  teaser: string;
  image: string;
  article: Omit<ArticleSummary, 'content'>;
  /** False: readers do not see the article now (its slot is skipped on the site). */
  visible: boolean;
}

export const fromBoard = (b: FrontBoard): BoardSlot[] =>
  b.slots.map((s) => ({
    articleId: s.article.id,
    size: s.size,
    headline: s.headline ?? '',
    teaser: s.teaser ?? '',
    image: s.image ?? '',
    article: s.article,
    visible: s.visible,
  }));

export const toInput = (slots: BoardSlot[]): FrontSlotInput[] =>
  slots.map((s) => ({
    articleId: s.articleId,
    size: s.size,
    headline: s.headline.trim() || null,
    teaser: s.teaser.trim() || null,
    image: s.image.trim() || null,
  }));

/** The list with the item at `from` moved to `to` (both clamped). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return list;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return list;
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}
