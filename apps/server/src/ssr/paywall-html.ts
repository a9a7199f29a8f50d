import {
  type Article,
  formatSek,
  GIFT_LINKS_PATH,
  isHtmlContent,
  type Plan,
  paywallSplit,
  REVENUE_TEXT,
  SUBSCRIBE_PATH,
} from '@vaggen/contract';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c] ?? c);

/**
 * Issue 42 (decision 048): what a page shows of a paywalled article, as HTML inside its body — so the
 * page gains markup, not JavaScript (the reader's budget, decision 029). A locked article: its
 * teaser, then the paywall box (plans, "Logga in", "Skapa ett gratis konto" for a registered-only
 * article). An unlocked one: the part after the paywall point in `.article-locked`, which the
 * JSON-LD's `hasPart` names. The text is already cleaned; this adds only our own markup.
 */
export function paywalledBody(article: Article, offer: { plans: Plan[]; vatPercent: number }): string {
  const html = isHtmlContent(article.content);
  if (!article.locked) {
    const { teaser, rest } = paywallSplit(article.content);
    const part = (s: string) =>
      html
        ? s
        : s
            .split(/\n\s*\n/)
            .map((p) => `<p>${escapeHtml(p)}</p>`)
            .join('');
    return `${part(teaser)}<div class="article-locked">${part(rest)}</div>${ACCESS_NOTE_SLOT}`;
  }
  const teaser = html ? article.content : `<p>${escapeHtml(article.content)}</p>`;
  return teaser + paywallBox(article, offer);
}

function paywallBox(article: Article, { plans, vatPercent }: { plans: Plan[]; vatPercent: number }): string {
  const registeredOnly = article.access === 'registered';
  const back = encodeURIComponent(`/article/${encodeURIComponent(article.slug)}`);
  const plansHtml =
    !registeredOnly && plans.length
      ? `<ul class="paywall-plans">${plans
          .map((p) => {
            const prices = [
              p.price_month_sek !== null ? `${formatSek(p.price_month_sek)}/mån` : null,
              p.price_year_sek !== null ? `${formatSek(p.price_year_sek)}/år` : null,
              p.trial_days > 0 ? REVENUE_TEXT.trial(p.trial_days) : null,
            ].filter(Boolean);
            return `<li><strong>${escapeHtml(p.name)}</strong> ${escapeHtml(prices.join(' · '))}</li>`;
          })
          .join('')}</ul><p class="paywall-vat">${escapeHtml(REVENUE_TEXT.inclVat(vatPercent))}</p>`
      : '';
  const main = registeredOnly
    ? `<a class="button" href="/register?redirectTo=${back}">${REVENUE_TEXT.register}</a>`
    : `<a class="button" href="${SUBSCRIBE_PATH}?artikel=${article.id}">${REVENUE_TEXT.subscribe}</a>`;
  return (
    `<section class="paywall surface" aria-labelledby="paywall-title" data-paywall-box="">` +
    `<h2 id="paywall-title">${escapeHtml(registeredOnly ? REVENUE_TEXT.paywallRegisteredHeading : REVENUE_TEXT.paywallHeading)}</h2>` +
    `<p>${escapeHtml(registeredOnly ? REVENUE_TEXT.paywallRegisteredLead : REVENUE_TEXT.paywallLead)}</p>` +
    plansHtml +
    `<p class="paywall-actions">${main} <a href="/login?redirectTo=${back}">${REVENUE_TEXT.login}</a></p>` +
    `</section>`
  );
}

/**
 * Where an unlocked article's page says how this reader reads it. The page is kept per access class,
 * never per person, so the slot stays empty in the cache and the page handler fills it for each
 * request (`accessNote`): a metered read and its count, a gift link, or a subscriber's "Dela
 * artikeln". Writers' HTML cannot make one: the article sanitizer keeps no aside or data attribute.
 */
export const ACCESS_NOTE_SLOT = '<aside class="access-note" data-access-note="" hidden></aside>';

/** How one reader reads an unlocked article (the page handler knows, the cached page does not). */
export type AccessNote =
  | { via: 'subscription'; articleId: number }
  | { via: 'meter'; left: number; of: number; articleId: number }
  | { via: 'gift'; articleId: number };

/** The slot filled for one reader: what they read the article through, and what they can do next. */
export function accessNote(note: AccessNote): string {
  const subscribe = `<a href="${SUBSCRIBE_PATH}?artikel=${note.articleId}">${REVENUE_TEXT.noteSubscribeAll}</a>`;
  const inner =
    note.via === 'subscription'
      ? `<p>${escapeHtml(REVENUE_TEXT.noteShare)} <a href="${GIFT_LINKS_PATH}?artikel=${note.articleId}">${REVENUE_TEXT.shareArticle}</a></p>`
      : note.via === 'meter'
        ? `<p>${escapeHtml(REVENUE_TEXT.noteMetered)} <strong>${escapeHtml(REVENUE_TEXT.meter(note.left, note.of))}</strong>. ${subscribe}</p>`
        : `<p>${escapeHtml(REVENUE_TEXT.noteGift)} ${subscribe}</p>`;
  return `<aside class="access-note surface" data-access-note="${note.via}" aria-label="Din tillgång">${inner}</aside>`;
}
