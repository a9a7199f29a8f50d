import { randomBytes } from 'node:crypto';
import { loadSharp } from '../lib/lazy.js';
import { avatarSvg } from '../modules/media/service.js';
import type { Services } from '../services.js';
import { DEMO_ADS, DEMO_ARTICLES, DEMO_AUTHORS, DEMO_COMMENTS } from './demo-articles.js';
import { adSvg, featureScene } from './images.js';

const svgToPng = async (svg: string) => (await loadSharp())(Buffer.from(svg)).png().toBuffer();

/**
 * The first admin: ADMIN_USERNAME / ADMIN_PASSWORD, or `admin` with a random password that is
 * printed once. Does nothing when any admin exists.
 */
export async function ensureAdmin(
  services: Services,
  admin: { username: string; password: string | undefined },
  print: (line: string) => void,
): Promise<void> {
  if ((await services.users.countAdmins()) > 0) return;
  const password = admin.password ?? randomBytes(12).toString('base64url');
  await services.users.create({ username: admin.username, password, account_type: 'admin', full_name: 'Redaktionen' });
  if (!admin.password) {
    print(`\n  First admin created: username "${admin.username}", password "${password}"`);
    print('  (shown only this once; set ADMIN_USERNAME / ADMIN_PASSWORD to choose your own)\n');
  }
}

/** A demo newspaper on an empty database: authors with pictures, articles with images, square ads. */
/** The demo paper's home front (issue 41): by title, so that a changed demo article drops out, not breaks. */
export const DEMO_FRONT: { title: string; size: 'large' | 'medium' | 'small'; headline?: string; teaser?: string }[] = [
  {
    title: 'Storm över västkusten – tusentals hushåll utan ström i natt',
    size: 'large',
    headline: 'Stormen slog ut strömmen för tusentals i natt',
    teaser:
      'Träd över ledningarna, inställda färjor och stängda broar. Så drabbas västkusten – och det här gäller i dag.',
  },
  { title: 'Kraftigt jordskalv i södra Peru – flera byar isolerade', size: 'medium' },
  { title: 'Regeringen vill skärpa kraven på kommunernas krisberedskap', size: 'medium' },
  { title: 'Matpriserna sjunker för första gången på länge – men inte överallt', size: 'small' },
  { title: 'Debutroman om uppväxt i Tornedalen hyllas av kritikerna', size: 'small' },
];

export async function seedDemo(services: Services, log: (line: string) => void): Promise<boolean> {
  if ((await services.articles.count()) > 0) return false;
  const started = Date.now();
  const authorIds: number[] = [];
  for (const a of DEMO_AUTHORS) {
    const existing = await services.users.findIdByUsername(a.username);
    if (existing) {
      authorIds.push(existing);
      continue;
    }
    const picture = await services.media.storeImage(await svgToPng(avatarSvg(a.full_name, 256, a.color)));
    authorIds.push(
      await services.users.create({
        username: a.username,
        password: randomBytes(18).toString('base64url'),
        email: a.email,
        full_name: a.full_name,
        profile_picture: picture.url,
        account_type: 'writer',
      }),
    );
  }
  const now = Date.now();
  const idOf = new Map<string, number>();
  for (const art of DEMO_ARTICLES) {
    // issue 41: an illustrated scene without text, described and credited as a newspaper's pictures are
    const scene = featureScene(art.title, art.category);
    const image = await services.media.storeImage(await svgToPng(scene.svg));
    const created = await services.articles.create({
      title: art.title,
      content: art.content,
      category: art.category,
      authorId: authorIds[art.author],
      authorName: DEMO_AUTHORS[art.author].full_name,
      featuredImage: image.url,
      featuredImageAlt: scene.alt,
      featuredImageCredit: 'Illustration: Väggen',
      publishedAt: new Date(now - art.hoursAgo * 3_600_000).toISOString(),
    });
    idOf.set(art.title, created.id);
  }
  // Issue 41: a curated front page, as a desk arranges one — the night's big story as the lead with
  // its own front headline, two stories beside it and two smaller ones — not simply the newest first.
  const slots = DEMO_FRONT.flatMap((s) => {
    const articleId = idOf.get(s.title);
    return articleId ? [{ articleId, size: s.size, headline: s.headline ?? null, teaser: s.teaser ?? null }] : [];
  });
  if ((await services.fronts.board('hem')).version === 0 && slots.length > 0)
    await services.fronts.save('hem', 0, slots, authorIds[0] ?? null);
  // Issue 43: the demo paper's legal identity (footer, /about) and one correction, as a paper has.
  await services.settings.update(authorIds[0] as number, {
    responsible_publisher: 'Karin Lund',
    publisher_name: 'Väggen Media AB',
    utgivningsbevis: '2025-0417',
    address: 'Väggatan 1, 111 22 Stockholm',
  });
  const [corrected] = await services.articles.list({ limit: 1, offset: 2 });
  if (corrected)
    await services.articles.corrections.add(
      corrected.id,
      {
        text: 'I en tidigare version av artikeln stod det att beslutet fattades i fredags. Det fattades i torsdags.',
        what_was_wrong: 'Fel veckodag',
      },
      { id: null, name: 'Redaktionen' },
    );
  // Issue 41: readers' comments, as a paper has (published as any reader's: the moderation screen
  // judges them like everyone's)
  const newest = await services.articles.list({ limit: 3, offset: 0 });
  const posted: number[] = [];
  for (const c of DEMO_COMMENTS) {
    const article = newest[c.article];
    if (!article) continue;
    const parentId = c.replyTo === undefined ? null : (posted[c.replyTo] ?? null);
    const comment = await services.comments.create(
      { articleId: article.id, parentId, name: c.name, email: c.email, content: c.content },
      null,
      '127.0.0.1',
    );
    posted.push(comment.id);
  }
  if ((await services.ads.count()) === 0) {
    for (const ad of DEMO_ADS) {
      const image = await services.media.storeImage(await svgToPng(adSvg(ad.company, ad.tagline, ad.color)));
      await services.ads.create({
        type: 'square',
        title: ad.title,
        company: ad.company,
        link_url: ad.link_url,
        image_url: image.url,
      });
    }
  }
  log(
    `seeded demo newspaper: ${DEMO_ARTICLES.length} articles, ${posted.length} comments, ${DEMO_ADS.length} ads in ${Date.now() - started} ms`,
  );
  return true;
}
