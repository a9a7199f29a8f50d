import {
  type Article,
  formatSek,
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
    return `${part(teaser)}<div class="article-locked">${part(rest)}</div>`;
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
