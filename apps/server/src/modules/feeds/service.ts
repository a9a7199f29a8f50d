import {
  type ArticleSummary,
  CATEGORIES,
  type Category,
  CORRECTIONS_FEED_PATH,
  CORRECTIONS_MSG,
  CORRECTIONS_PATH,
  categoryLabel,
  categoryPath,
  contentToText,
  feedPath,
  formatShortDateTime,
  LIVE_TEXT,
  type LiveEntry,
  SITE_NAME,
  stripControlChars,
  TAGLINE,
} from '@vaggen/contract';
import { Feed } from 'feed';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import type { ArticlesService } from '../articles/service.js';
import type { LiveService } from '../live/service.js';

export const FEED_ITEMS = 50;
/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
export const NEWS_SITEMAP_DAYS = 2;
export const NEWS_SITEMAP_MAX = 1000;

/** Pages besides articles and categories that search engines should know. */
const STATIC_PAGES = [
  '/',
  '/about',
  '/kontakt',
  '/tipsa',
  '/annonsera',
  '/integritetspolicy',
  '/tillganglighet',
  '/rattelser',
  '/principer',
  '/periodic-table',
  '/solar-system',
];

const articleUrl = (origin: string, a: Pick<ArticleSummary, 'slug'>) =>
  `${origin}/article/${encodeURIComponent(a.slug)}`;

function imageType(url: string): string {
  const ext = url.split('?')[0].split('.').pop()?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'webp') return 'image/webp';
  if (ext === 'gif') return 'image/gif';
  if (ext === 'svg') return 'image/svg+xml';
  return 'image/jpeg';
}

/**
 * Issue 40 (finding 7): XML 1.0 cannot carry control characters, escaped or not; a title stored
 * with U+0001 made the feed malformed. Input no longer keeps them (contract text.ts); what an older
 * row still holds is dropped from every XML answer here. Everything else is escaped by `feed` and
 * `sitemap`.
 */
const xmlText = (xml: string) => stripControlChars(xml);

/**
 * One of the paper's RSS feeds: what it is about, its page (`link`, also its id), when it last
 * changed and its own address; the paper's language, logo, icon and copyright, a 15-minute ttl.
 */
function paperFeed(
  origin: string,
  f: { title: string; description: string; link: string; updated: string | undefined; feedPath: string },
): Feed {
  return new Feed({
    title: f.title,
    description: f.description,
    id: f.link,
    link: f.link,
    language: 'sv',
    image: `${origin}/logo-512.png`,
    favicon: `${origin}/favicon.svg`,
    copyright: `© ${SITE_NAME}`,
    updated: f.updated ? new Date(f.updated) : undefined,
    generator: false,
    ttl: 15,
    feedLinks: { rss: `${origin}${f.feedPath}` },
  });
}

const xmlStream = async (s: SitemapStream | SitemapIndexStream, items: unknown[]) => {
  for (const i of items) s.write(i);
  s.end();
  return xmlText((await streamToPromise(s)).toString('utf8'));
};

/**
 * RSS 2.0, sitemaps and robots.txt (issue 15), from what readers may see. Absolute URLs from the
 * origin the pages use. The routes keep the output in the page cache, emptied on every change.
 */
/** Issue 44: live reports in the Google News sitemap, at most. */
const NEWS_SITEMAP_LIVE_MAX = 50;

export class FeedsService {
  constructor(
    private readonly articles: ArticlesService,
    private readonly opts: { chunkSize: number } = { chunkSize: SITEMAP_MAX_URLS },
    /** Issue 44: a live report's item shows its newest entry and when it was posted. */
    private readonly live?: Pick<LiveService, 'newestFor'>,
  ) {}

  async rss(origin: string, category?: Category): Promise<string> {
    const items = await this.articles.listVisible({ category, limit: FEED_ITEMS, offset: 0 });
    const label = category ? categoryLabel(category) : null;
    const link = category ? `${origin}${categoryPath(category)}` : `${origin}/`;
    const feed = paperFeed(origin, {
      title: label ? `${SITE_NAME} – ${label}` : SITE_NAME,
      description: label
        ? `Senaste artiklarna i ${label.toLocaleLowerCase('sv-SE')} från ${SITE_NAME}.`
        : `${SITE_NAME} – ${TAGLINE}`,
      link,
      updated: items[0]?.updated_at,
      feedPath: feedPath(category),
    });
    const newest = this.live
      ? await this.live.newestFor(items.filter((a) => a.kind === 'live').map((a) => a.id))
      : new Map<number, LiveEntry>();
    for (const a of items) {
      const entry = newest.get(a.id);
      feed.addItem({
        title: a.title,
        id: articleUrl(origin, a),
        link: articleUrl(origin, a),
        // issue 44: a live report's item is updated with its newest entry
        description: entry
          ? `${LIVE_TEXT.badge} ${formatShortDateTime(entry.created_at).slice(11)}: ${contentToText(entry.content).slice(0, 300)}`
          : a.excerpt,
        date: new Date(entry && entry.created_at > a.date ? entry.created_at : a.date),
        category: [{ name: categoryLabel(a.category), domain: `${origin}${categoryPath(a.category)}` }],
        extensions: [{ name: 'dc:creator', objects: { _text: a.author_display_name || SITE_NAME } }],
        ...(a.featured_image
          ? {
              image: {
                url: new URL(a.featured_image, origin).toString(),
                type: imageType(a.featured_image),
                length: 0,
              },
            }
          : {}),
      });
    }
    const xml = xmlText(feed.rss2());
    // dc:creator is the RSS way to name an author without an e-mail address.
    return xml.includes('xmlns:dc=')
      ? xml
      : xml.replace('<rss version="2.0"', '<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"');
  }

  /** Issue 43: the newest corrections, each linking to its article. */
  async correctionsRss(origin: string): Promise<string> {
    const { items } = await this.articles.corrections.page(null, FEED_ITEMS);
    const link = `${origin}${CORRECTIONS_PATH}`;
    const feed = paperFeed(origin, {
      title: `${SITE_NAME} – ${CORRECTIONS_MSG.pageTitle}`,
      description: CORRECTIONS_MSG.pageIntro,
      link,
      updated: items[0] ? (items[0].amended_at ?? items[0].created_at) : undefined,
      feedPath: CORRECTIONS_FEED_PATH,
    });
    for (const c of items) {
      feed.addItem({
        title: `${CORRECTIONS_MSG.boxTitle}: ${c.article_title}`,
        id: `${origin}${CORRECTIONS_PATH}#rattelse-${c.id}`,
        link: `${origin}${c.article_url}`,
        description: c.what_was_wrong ? `${c.text} (Fel: ${c.what_was_wrong})` : c.text,
        date: new Date(c.amended_at ?? c.created_at),
      });
    }
    return xmlText(feed.rss2());
  }

  /** The index: one sitemap per id range of articles, plus pages and Google News. */
  async sitemapIndex(origin: string): Promise<string> {
    const chunks = await this.articles.sitemapChunks(this.opts.chunkSize);
    const latest = chunks.reduce((m, c) => (c.lastmod > m ? c.lastmod : m), '');
    return xmlStream(new SitemapIndexStream(), [
      { url: `${origin}/sitemaps/pages.xml`, ...(latest ? { lastmod: latest } : {}) },
      { url: `${origin}/sitemaps/news.xml`, ...(latest ? { lastmod: latest } : {}) },
      ...chunks.map((c) => ({ url: `${origin}/sitemaps/articles-${c.chunk}.xml`, lastmod: c.lastmod })),
    ]);
  }

  /** Articles with ids in chunk `n` (never more than chunkSize URLs); null past the end. */
  async articleSitemap(origin: string, n: number): Promise<string | null> {
    if (!Number.isSafeInteger(n) || n < 1 || n * this.opts.chunkSize > 2_147_483_647 + this.opts.chunkSize) return null;
    const rows = await this.articles.sitemapChunk(n, this.opts.chunkSize);
    if (rows.length === 0) return null;
    return xmlStream(
      new SitemapStream(),
      rows.map((r) => ({ url: articleUrl(origin, r), lastmod: r.updated_at })),
    );
  }

  async pagesSitemap(origin: string): Promise<string> {
    return xmlStream(new SitemapStream(), [
      ...STATIC_PAGES.map((p) => ({ url: `${origin}${p}`, changefreq: p === '/' ? 'hourly' : 'monthly' })),
      ...CATEGORIES.map((c) => ({ url: `${origin}${categoryPath(c)}`, changefreq: 'hourly' })),
    ]);
  }

  /**
   * Google News: articles of the last two days, at most 1 000, newest first, and (issue 44) every
   * live report while it is live, however old.
   */
  async newsSitemap(origin: string, now = Date.now()): Promise<string> {
    const since = new Date(now - NEWS_SITEMAP_DAYS * 86_400_000).toISOString();
    const [recent, live] = await Promise.all([
      this.articles.listVisible({ since, limit: NEWS_SITEMAP_MAX, offset: 0 }),
      this.articles.openLiveReports(NEWS_SITEMAP_LIVE_MAX),
    ]);
    const items = [...recent, ...live.filter((l) => !recent.some((r) => r.id === l.id))];
    return xmlStream(
      new SitemapStream({ xmlns: { news: true, xhtml: false, image: false, video: false } }),
      items.map((a) => ({
        url: articleUrl(origin, a),
        lastmod: a.updated_at,
        news: {
          publication: { name: SITE_NAME, language: 'sv' },
          publication_date: a.date,
          title: a.title,
        },
      })),
    );
  }

  robots(origin: string): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /sok',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  }
}
