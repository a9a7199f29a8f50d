import { type Article, categoryLabel, categoryPath, SITE_NAME, TAGLINE } from '@vaggen/contract';
import { articlePath } from './components/ArticleLink';

/** Schema.org data for search engines (issue 15): JSON inside <script type="application/ld+json">. */

export const LOGO_PATH = '/logo-512.png';

export const authorPath = (username: string) => `/skribent/${encodeURIComponent(username)}`;

function publisher(origin: string) {
  return {
    '@type': 'NewsMediaOrganization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${LOGO_PATH}`, width: 512, height: 512 },
  };
}

/** Formats a moment's wall-clock parts in Stockholm: created once (a formatter costs ~0.1 ms to make). */
const stockholmParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** ISO time with the Swedish offset written out (2026-03-01T11:00:00+01:00), as Google asks. */
export function stockholmIso(iso: string): string {
  const d = new Date(iso);
  const parts = Object.fromEntries(stockholmParts.formatToParts(d).map((p) => [p.type, p.value]));
  const local = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute, +parts.second);
  const offsetMin = Math.round((local - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMin >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMin);
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${parts.year}-${parts.month}-${parts.day}T${String(+parts.hour % 24).padStart(2, '0')}:${parts.minute}:${parts.second}${off}`;
}

export function articleJsonLd(article: Article, origin: string): object[] {
  const url = `${origin}${articlePath(article)}`;
  const author =
    article.author_id !== null
      ? { '@type': 'Person', name: article.author_display_name, url: `${origin}${authorPath(article.author)}` }
      : { '@type': 'Organization', name: article.author_display_name || SITE_NAME, url: `${origin}/` };
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      url,
      headline: article.title.slice(0, 110),
      description: article.excerpt,
      ...(article.featured_image ? { image: [new URL(article.featured_image, origin).toString()] } : {}),
      datePublished: stockholmIso(article.date),
      dateModified: stockholmIso(article.updated_at),
      articleSection: categoryLabel(article.category),
      inLanguage: 'sv-SE',
      author: [author],
      publisher: publisher(origin),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: SITE_NAME, item: `${origin}/` },
        {
          '@type': 'ListItem',
          position: 2,
          name: categoryLabel(article.category),
          item: `${origin}${categoryPath(article.category)}`,
        },
        { '@type': 'ListItem', position: 3, name: article.title, item: url },
      ],
    },
  ];
}

export function homeJsonLd(origin: string): object[] {
  return [
    { '@context': 'https://schema.org', ...publisher(origin), slogan: TAGLINE },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SITE_NAME,
      url: `${origin}/`,
      inLanguage: 'sv-SE',
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/sok?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/** Safe inside <script>: "<" never closes the element. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

export function JsonLd({ data }: { data: object[] }) {
  return (
    <>
      {data.map((d, i) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped, a data block, not script
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed list
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(d) }} />
      ))}
    </>
  );
}
