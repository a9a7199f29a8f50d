import fs from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { ADMIN, apiLogin, loginViaForm } from './fixtures/login';
import { makePng } from './fixtures/png';

const expect = baseExpect.configure({ timeout: 30_000 });

// Issue 41 (decision 056): cards, a front's slots and the article page load pictures cut on the
// server to the ratio they are shown at (3:2 a card, 16:9 the lead and the article, 1:1 a small
// card), made on their first request; the demo paper's pictures as well as an upload.

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-crops';
const run = Date.now().toString(36);

/** Every card picture on the page: loaded, a crop of its box's ratio, no CSS crop left to do. */
async function cardPictures(page: Page) {
  const imgs = page.locator('[data-testid="article-list"] .card-image img');
  await expect(imgs.first()).toBeVisible();
  // the lazy ones below the fold load when scrolled to
  for (const img of await imgs.all()) await img.scrollIntoViewIfNeeded();
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid="article-list"] .card-image img')].map((img) => ({
      src: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
      natural: img.naturalWidth / img.naturalHeight,
      box: img.clientWidth / img.clientHeight,
      objectPosition: img.style.objectPosition,
      card: img.closest('.card')?.className ?? '',
    })),
  );
}

const RATIO = { '3x2': 3 / 2, '16x9': 16 / 9, '1x1': 1 };

test.describe('pictures cut to their ratio (issue 41)', () => {
  test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));

  test('the home page, a front with a lead and a small slot, and an article', async ({ page, request }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    const up = await request.post('/api/upload/image', {
      headers,
      multipart: { file: { name: 'kultur.png', mimeType: 'image/png', buffer: makePng(1600, 1000) } },
    });
    expect(up.status(), await up.text()).toBe(200);
    const { url } = await up.json();
    const create = async (title: string, focal: { x: number; y: number }) => {
      const res = await request.post('/api/articles', {
        headers,
        data: {
          title,
          content: `<p>${title}: brödtext.</p>`,
          category: 'KULTUR',
          featured_image: url,
          featured_image_focal: focal,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as { id: number; slug: string };
    };
    const lead = await create(`Beskuren toppnyhet ${run}`, { x: 0.8, y: 0.3 });
    const small = await create(`Beskuren notis ${run}`, { x: 0.1, y: 0.9 });
    const { version } = await (await request.get('/api/fronts/kultur')).json();
    const saved = await request.put('/api/newsroom/fronts/kultur', {
      headers,
      data: {
        version,
        slots: [
          { articleId: lead.id, size: 'large' },
          { articleId: small.id, size: 'small' },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    for (const [path, name] of [
      ['/', 'home'],
      ['/category/kultur', 'kultur'],
    ] as const) {
      for (const width of [1280, 480]) {
        await page.setViewportSize({ width, height: 1000 });
        await page.goto(path);
        const pictures = await cardPictures(page);
        expect(pictures.length).toBeGreaterThan(2);
        for (const p of pictures) {
          const ratio = /-(3x2|16x9|1x1)-x\d+y\d+-w\d+\.webp$/.exec(p.src)?.[1] as keyof typeof RATIO | undefined;
          expect(ratio, p.src).toBeDefined();
          expect(p.loaded, p.src).toBe(true);
          // the file has the ratio of its box: nothing downloaded is thrown away
          expect(Math.abs(p.natural - RATIO[ratio as keyof typeof RATIO]), p.src).toBeLessThan(0.01);
          expect(Math.abs(p.box - p.natural), `${p.src} in ${p.card}`).toBeLessThan(0.03);
          expect(p.objectPosition).toBe('');
        }
        if (name === 'kultur') {
          expect(pictures[0]?.src).toMatch(/-16x9-x80y30-w\d+\.webp$/);
          expect(pictures[0]?.card).toContain('card-lead');
          expect(pictures[1]?.src).toMatch(/-1x1-x10y90-w\d+\.webp$/);
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}/crops-${name}-${width}.png`, fullPage: width === 480 });
      }
    }

    for (const width of [1280, 480]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto(`/article/${lead.slug}`);
      const figure = page.locator('.article-figure img');
      await expect(figure).toHaveAttribute('width', '1600');
      await expect(figure).toHaveAttribute('height', '900');
      await expect.poll(() => figure.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const shown = await figure.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        natural: img.naturalWidth / img.naturalHeight,
        box: img.clientWidth / img.clientHeight,
      }));
      expect(shown.src).toMatch(/-16x9-x80y30-w\d+\.webp$/);
      expect(Math.abs(shown.natural - 16 / 9)).toBeLessThan(0.01);
      expect(Math.abs(shown.box - 16 / 9)).toBeLessThan(0.03);
      await page.screenshot({ path: `${SHOTS}/crops-article-${width}.png` });
    }

    // the editors' board previews the same crops
    await page.setViewportSize({ width: 1280, height: 1000 });
    await loginViaForm(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin/forstasidan/kultur');
    const preview = page.locator('.front-preview-desktop .preview-card img');
    await expect(preview.first()).toHaveAttribute('src', /-16x9-x80y30-w1600\.webp$/);
    await expect(preview.nth(1)).toHaveAttribute('src', /-1x1-x10y90-w1600\.webp$/);
    await expect.poll(() => preview.nth(1).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const box = await preview.nth(1).boundingBox();
    expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(2);
    await page.locator('.front-preview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/crops-board-1280.png` });

    // the front as it was, for the journeys after this one
    const now = await (await request.get('/api/fronts/kultur')).json();
    await request.put('/api/newsroom/fronts/kultur', { headers, data: { version: now.version, slots: [] } });
  });
});
