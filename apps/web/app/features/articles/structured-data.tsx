import {
  type Article,
  categoryLabel,
  categoryPath,
  SITE_NAME,
  stockholmIsoWithOffset,
  TAGLINE,
} from '@vaggen/contract';
import { articlePath } from '../../lib/paths';

/** Schema.org data for search engines (issue 15): JSON inside <script type="application/ld+json">. */

export const LOGO_PATH = '/logo-512.png';

export const authorPath = (username: string) => `/skribent/${encodeURIComponent(username)}`;

function publisher(origin: string) {
  return {
    '@type': 'NewsMediaOrganization',
    name: SITE_NAME,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: `${origin}${LOGO_PATH}`, width: 512, height: 512 },
    // Issue 43: the paper's policies (the Trust Project's properties, as schema.org names them).
    // on /principer, where admins write them (PAPER_POLICIES' anchors); the masthead is /about's
    publishingPrinciples: `${origin}/principer#principer`,
    ethicsPolicy: `${origin}/principer#etik`,
    correctionsPolicy: `${origin}/principer#rattelser`,
    masthead: `${origin}/about#redaktionen`,
    ownershipFundingInfo: `${origin}/principer#agande`,
    actionableFeedbackPolicy: `${origin}/principer#synpunkter`,
  };
}

/** The article's last change for readers: a save, or a correction added or amended later (issue 43). */
export function lastModified(article: Pick<Article, 'updated_at' | 'corrections'>): string {
  let last = article.updated_at;
  for (const c of article.corrections ?? []) {
    const at = c.amended_at ?? c.created_at;
    if (Date.parse(at) > Date.parse(last)) last = at;
  }
  return last;
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
      datePublished: stockholmIsoWithOffset(article.date),
      dateModified: stockholmIsoWithOffset(lastModified(article)),
      articleSection: categoryLabel(article.category),
      inLanguage: 'sv-SE',
      author: [author],
      publisher: publisher(origin),
      // Issue 43: each correction, as Google and schema.org describe them.
      ...(article.corrections?.length
        ? {
            correction: article.corrections.map((c) => ({
              '@type': 'CorrectionComment',
              text: c.what_was_wrong ? `${c.text} (Fel: ${c.what_was_wrong})` : c.text,
              datePublished: stockholmIsoWithOffset(c.created_at),
              ...(c.amended_at ? { dateModified: stockholmIsoWithOffset(c.amended_at) } : {}),
            })),
          }
        : {}),
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
