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
  };
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
      dateModified: stockholmIsoWithOffset(article.updated_at),
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
