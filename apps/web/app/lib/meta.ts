import { SITE_NAME, TAGLINE } from '@vaggen/contract';
import type { MetaDescriptor } from 'react-router';

/** Title, description, canonical URL and Open Graph / Twitter tags for a page. */
export function pageMeta(opts: {
  title?: string;
  description?: string;
  url: string;
  image?: string | null;
  type?: 'website' | 'article';
  /** Issue 41: the social networks' own title, description and picture (else the page's). */
  social?: { title?: string | null; description?: string | null; image?: string | null };
}): MetaDescriptor[] {
  const title = opts.title ? `${opts.title} | ${SITE_NAME}` : `${SITE_NAME} – ${TAGLINE}`;
  const description = opts.description ?? `${SITE_NAME} – ${TAGLINE}. Nyheter, politik, ekonomi, kultur och sport.`;
  const picture = opts.social?.image || opts.image;
  const image = picture ? new URL(picture, opts.url).toString() : undefined;
  const socialTitle = opts.social?.title || opts.title || title;
  const socialDescription = opts.social?.description || description;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: opts.url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'sv_SE' },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:title', content: socialTitle },
    { property: 'og:description', content: socialDescription },
    { property: 'og:url', content: opts.url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: socialTitle },
    { name: 'twitter:description', content: socialDescription },
  ];
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  return tags;
}
