import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';

// WebGL in SwiftShader is slow on a busy 2-core machine: give the 3D journeys room.
test.describe.configure({ timeout: 90_000 });
/** How long a 3D model may take to draw its first frame: 9–20 s was seen under a full run's load. */
const DRAWN = { timeout: 30_000 };

const SHOTS = process.env.SCIENCE_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

/**
 * Takes a screenshot of a 3D model's canvas (attached to the report) and measures what was drawn:
 * the share of clearly coloured pixels (the page behind the transparent canvas is white or grey)
 * and the number of distinct colours. A blank or failed WebGL canvas has neither.
 */
async function drawnModel(model: Locator, name: string) {
  const png = await model.locator('canvas').screenshot();
  await test.info().attach(name, { body: png, contentType: 'image/png' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let coloured = 0;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 40) coloured++;
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
  }
  return { coloured: coloured / (info.width * info.height), distinct: colours.size };
}

/** Runs in the page: the browser offers no WebGL (as on old or locked-down machines). */
function withoutWebGL() {
  const proto = HTMLCanvasElement.prototype as unknown as { getContext: (...args: unknown[]) => unknown };
  const getContext = proto.getContext;
  proto.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    return /webgl/i.test(String(args[0])) ? null : getContext.apply(this, args);
  };
}

const cells = (page: Page) => page.locator('.pt-cell');
const undimmed = (page: Page) => page.locator('.pt-cell[data-dimmed="false"]');

test.describe('periodic table', () => {
  test('filters by category and block, opens Fe with Bohr/Quantum models, and follows View Isotopes', async ({
    page,
    request,
  }) => {
    const data = await (await request.get('/api/periodic-table-data')).json();
    const dBlock = data.elements.filter((e: { block: string }) => e.block === 'd').length;

    await page.goto('/periodic-table');
    await expect(page).toHaveTitle('Periodiska systemet | Väggen');
    await expect(cells(page)).toHaveCount(118);
    await expect(page.locator('.pt-group-label')).toHaveText(Array.from({ length: 18 }, (_, i) => String(i + 1)));
    await expect(page.locator('.pt-period-label')).toHaveText(['1', '2', '3', '4', '5', '6', '7']);
    await expect(page.locator('.pt-series-label')).toHaveText(['La', 'Ac']);
    // The footer is hidden on this page (spec 001 §2).
    await expect(page.locator('footer.site-footer')).toHaveCount(0);

    const category = page.getByRole('group', { name: 'Kategori' });
    const block = page.getByRole('group', { name: 'Block' });
    await category.getByRole('button', { name: 'Ädelgaser' }).click();
    await expect(undimmed(page)).toHaveCount(7);
    await expect(page.locator('.pt-count')).toHaveText('7 av 118 grundämnen visas');
    await block.getByRole('button', { name: 'd-block' }).click();
    await expect(page.locator('.pt-count')).toHaveText('Inga grundämnen matchar filtret.');
    await category.getByRole('button', { name: 'Alla' }).click();
    await expect(undimmed(page)).toHaveCount(dBlock);
    for (const b of await undimmed(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-block'))))
      expect(b).toBe('d');
    await block.getByRole('button', { name: 'Alla' }).click();
    await expect(undimmed(page)).toHaveCount(118);

    // Statistics: by state at room temperature, by category, and atomic number against density
    // (118 on the x axis, density capped at 25 g/cm³).
    const stats = page.getByRole('region', { name: 'Statistik' });
    await expect(
      stats.getByRole('img', {
        name: 'Grundämnen efter tillstånd vid rumstemperatur: Fast 96, Flytande 2, Gas 11, Okänt 9',
      }),
    ).toBeVisible();
    await expect(stats.getByRole('img', { name: /^Grundämnen efter kategori: .*Ädelgaser 7/ })).toBeVisible();
    const scatter = stats.getByRole('img', { name: 'Spridningsdiagram: atomnummer mot densitet' });
    await expect(scatter.locator('circle')).toHaveCount(98);
    await expect(stats).toContainText('98 av 118 grundämnen har ett känt värde');
    const axis = await scatter.locator('text').allTextContents();
    // x: atomic numbers 1–118; y: 0–25 g/cm³ in steps of 5, nothing above.
    expect(axis).toEqual(expect.arrayContaining(['1', '118', '0', '5', '25']));
    expect(axis).not.toContain('35');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/table-full.png`, fullPage: true });

    await page.getByRole('button', { name: '26 Fe Järn', exact: true }).click();
    await expect(page).toHaveURL(/\/periodic-table\?element=26$/);
    const details = page.getByTestId('element-details');
    await expect(details.getByRole('heading', { name: 'Järn' })).toBeVisible();
    await expect(details.locator('dt', { hasText: 'Atommassa' }).locator('xpath=..').locator('dd')).toHaveText(
      '55,845 u',
    );
    await expect(details.locator('dt', { hasText: 'Elektronkonfiguration' }).locator('xpath=../dd')).toHaveText(
      '[Ar] 3d6 4s2',
    );
    await expect(details.locator('dt', { hasText: 'Upptäckt' }).locator('xpath=../dd')).toHaveText('Antiken');
    // WebGL works in headless Chromium (SwiftShader): the Bohr model draws.
    await expect(details.locator('[data-atom-model="bohr"][data-rendered="true"]')).toBeVisible(DRAWN);
    await expect(details.locator('.atom-legend')).toContainText('K 2 · L 8 · M 14 · N 2');
    await shot(page, 'fe-bohr');
    await page.waitForTimeout(300); // a few frames after the first
    const bohr = await drawnModel(details.locator('[data-atom-model="bohr"]'), 'fe-bohr-canvas.png');
    expect(bohr.coloured).toBeGreaterThan(0.01);
    expect(bohr.distinct).toBeGreaterThan(20);
    await details.getByRole('button', { name: 'Quantum' }).click();
    await expect(details.getByRole('button', { name: 'Quantum' })).toHaveAttribute('aria-pressed', 'true');
    await expect(details.locator('[data-atom-model="quantum"][data-rendered="true"]')).toBeVisible(DRAWN);
    await shot(page, 'fe-quantum');
    await page.waitForTimeout(300);
    const quantum = await drawnModel(details.locator('[data-atom-model="quantum"]'), 'fe-quantum-canvas.png');
    expect(quantum.coloured).toBeGreaterThan(0.01);
    expect(quantum.distinct).toBeGreaterThan(20);

    await details.getByRole('link', { name: 'View Isotopes' }).click();
    await expect(page).toHaveURL(/\/element-view\/26\/isotopes$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Isotoper av järn');
    const table = page.getByTestId('isotope-table');
    await expect(table.locator('tbody tr[data-stable="true"]')).toHaveCount(4);
    await expect(page.getByTestId('isotope-details').getByRole('heading')).toHaveText('Fe-56');
    await expect(page.getByTestId('distribution')).toContainText('Vanligast i naturen: Fe-56');
    await expect(page.locator('[data-atom-model="bohr"][data-rendered="true"]')).toBeVisible(DRAWN);

    await page.getByLabel('Stabila', { exact: true }).uncheck();
    await expect(table.locator('tbody tr[data-stable="true"]')).toHaveCount(0);
    expect(await table.locator('tbody tr[data-stable="false"]').count()).toBeGreaterThan(0);
    await page.getByLabel('Instabila', { exact: true }).uncheck();
    await expect(page.getByText('Inga isotoper matchar filtret.')).toBeVisible();
    await page.getByLabel('Stabila', { exact: true }).check();
    await page.getByLabel('Instabila', { exact: true }).check();

    await page.getByTestId('isotope-select').selectOption({ label: 'Fe-60 — 2,62 miljoner år' });
    const isoDetails = page.getByTestId('isotope-details');
    await expect(isoDetails.getByRole('heading')).toHaveText('Fe-60');
    await expect(isoDetails).toContainText('β− 100 %');
    const bar = page
      .getByTestId('abundance-bars')
      .getByRole('button', { name: /^Fe-56/ })
      .locator('.bar-fill');
    await expect(bar).toHaveAttribute('data-height', '100');
    const rare = page
      .getByTestId('abundance-bars')
      .getByRole('button', { name: /^Fe-58/ })
      .locator('.bar-fill');
    await expect(rare).toHaveAttribute('data-height', '1');
    await shot(page, 'fe-isotopes');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/fe-isotopes-full.png`, fullPage: true });

    await page.getByRole('button', { name: '← Tillbaka till periodiska systemet' }).click();
    await expect(page).toHaveURL(/\/periodic-table\?element=26$/);
  });

  test('keyboard: arrows move between elements, Enter opens, Escape closes', async ({ page }) => {
    await page.goto('/periodic-table?element=26');
    await expect(page.getByTestId('element-details').getByRole('heading', { name: 'Järn' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('element-details')).toHaveCount(0);
    const fe = page.getByRole('button', { name: '26 Fe Järn', exact: true });
    await fe.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: '27 Co Kobolt', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: '45 Rh Rodium', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('element-details').getByRole('heading', { name: 'Rodium' })).toBeVisible();
  });

  test('/periodic-table/Fe and /periodic-table/26 select iron; /periodic-table/Xx falls back', async ({ page }) => {
    for (const id of ['Fe', 'fe', '26']) {
      await page.goto(`/periodic-table/${id}`);
      await expect(page).toHaveURL(/\/periodic-table\?element=26$/);
      await expect(page.getByTestId('element-details').getByRole('heading', { name: 'Järn' })).toBeVisible();
    }
    await page.goto('/periodic-table/Xx');
    await expect(page).toHaveURL(/\/periodic-table$/);
    await expect(cells(page)).toHaveCount(118);
    await expect(page.getByTestId('element-details')).toHaveCount(0);
  });

  test('the data is preloaded with the page and fetched once: the table takes it from the preload', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/periodic-table-data')) requests.push(r.url());
    });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/preload/i.test(m.text())) warnings.push(m.text());
    });
    await page.goto('/periodic-table');
    await expect(page.locator('link[rel="preload"][href="/api/periodic-table-data"][as="fetch"]')).toHaveCount(1);
    await expect(cells(page)).toHaveCount(118);
    await page.waitForTimeout(500);
    expect(requests).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  test('load errors: "Error Loading Data" and "Invalid Data Format"', async ({ page }) => {
    await page.route('**/api/periodic-table-data', (route) => route.fulfill({ status: 500, json: { msg: 'boom' } }));
    await page.goto('/periodic-table');
    await expect(page.getByRole('alert')).toContainText('Error Loading Data');
    await page.unroute('**/api/periodic-table-data');
    await page.route('**/api/periodic-table-data', (route) => route.fulfill({ status: 200, json: { elements: [] } }));
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid Data Format');
  });

  test('isotope page: /elements/:n/isotopes too, and an unknown element offers the way back', async ({ page }) => {
    await page.goto('/elements/92/isotopes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Isotoper av uran');
    await expect(page.getByTestId('isotope-table')).toContainText('U-238');
    await expect(page.getByTestId('isotope-table')).toContainText('4\u00a0463 miljoner år');
    await page.goto('/elements/999/isotopes');
    await expect(page.getByRole('alert')).toContainText('Element not found');
    await page.getByRole('button', { name: 'Tillbaka till periodiska systemet' }).click();
    await expect(page).toHaveURL(/\/periodic-table$/);
  });

  test('without WebGL the models fall back to a flat Bohr diagram that says why', async ({ page }) => {
    await page.addInitScript(withoutWebGL);
    await page.goto('/periodic-table?element=26');
    const details = page.getByTestId('element-details');
    await expect(details.getByRole('heading', { name: 'Järn' })).toBeVisible();
    const fallback = details.locator('.atom-fallback');
    await expect(fallback).toContainText('3D-modellen kräver WebGL, som inte finns i den här webbläsaren.');
    await expect(
      fallback.getByRole('img', {
        name: 'Bohrmodell av Fe: 26 protoner, 30 neutroner, elektroner per skal 2, 8, 14, 2',
      }),
    ).toBeVisible();
    await expect(details.locator('canvas')).toHaveCount(0);
    await page.goto('/element-view/26/isotopes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Isotoper av järn');
    await expect(page.locator('.atom-fallback')).toContainText('kräver WebGL');
    await expect(page.getByTestId('isotope-table')).toContainText('Fe-56');
  });

  test('at 480 px the table scrolls sideways and the details are a sheet', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto('/periodic-table');
    await expect(cells(page)).toHaveCount(118);
    await shot(page, 'table-480');
    await page.goto('/periodic-table?element=8');
    await expect(page.getByTestId('element-details').getByRole('heading', { name: 'Syre' })).toBeVisible();
    await expect(page.locator('[data-rendered="true"]')).toBeVisible(DRAWN);
    await shot(page, 'details-480');
    await page.goto('/element-view/8/isotopes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Isotoper av syre');
    await expect(page.locator('[data-rendered="true"]')).toBeVisible(DRAWN);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/isotopes-480-full.png`, fullPage: true });
    await shot(page, 'isotopes-480');
  });
});

test.describe('atom-model ads', () => {
  test('an atom ad shows its element in 3D and links to the element', async ({ page }) => {
    // Every random choice low: the ad level (20 %) and the inner 90 % say "atom", the element is 1 + ⌊0.01 × 118⌋ = 2.
    await page.addInitScript(() => {
      Math.random = () => 0.01;
    });
    await page.goto('/');
    const ad = page.locator('[data-testid="sidebar"] a.atom-ad').first();
    await expect(ad).toHaveAttribute('href', '/periodic-table/2');
    // named by its visible text (WCAG 2.5.3, issue 20), the symbol added for screen readers
    await expect(ad).toHaveAccessibleName('Helium (He) Utforska atomen i periodiska systemet →');
    // Issue 20: the 3D model starts once the ad is in view, the page's first 7 s are over and the
    // browser is idle (a static picture of the same Bohr model stands in until then)
    await ad.scrollIntoViewIfNeeded();
    await expect(ad.locator('[data-atom-model="bohr"][data-rendered="true"]')).toBeVisible(DRAWN);
    await shot(page, 'atom-ad');
    await page.waitForTimeout(300);
    const drawn = await drawnModel(ad.locator('[data-atom-model="bohr"]'), 'atom-ad-canvas.png');
    expect(drawn.coloured).toBeGreaterThan(0.01);
    await ad.click();
    await expect(page).toHaveURL(/\/periodic-table\?element=2$/);
    await expect(page.getByTestId('element-details').getByRole('heading', { name: 'Helium' })).toBeVisible();
    // Rendered in the browser after a link (no server HTML): the page's inline styles came with its
    // chunk (decision 043), e.g. the title's serif face and size from science.css.
    await expect(page.locator('style#science-css')).toHaveCount(1);
    await expect(page.locator('.pt-header .page-title')).toHaveCSS('font-size', '32px');
  });

  test('without an atom ad, the home and article pages load no three.js', async ({ page, request }) => {
    await page.addInitScript(() => {
      Math.random = () => 0.99;
    });
    const scripts = new Set<string>();
    page.on('request', (r) => {
      // Scripts and module preloads alike.
      if (r.resourceType() === 'script' || /\.m?js(\?|$)/.test(r.url())) scripts.add(r.url());
    });
    const [article] = (await (await request.get('/api/articles?limit=1')).json()) as { slug: string }[];
    for (const path of ['/', `/article/${article.slug}`]) {
      await page.goto(path);
      await expect(page.locator('[data-testid="sidebar"]')).toBeVisible();
      await page.locator('[data-testid="sidebar"] .ad-slot').last().scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('a.atom-ad').count(), path).toBe(0);
    }
    expect(scripts.size).toBeGreaterThan(5);
    const bodies = await Promise.all(
      [...scripts].map((u) =>
        page.request.get(u).then((r) => r.text().then((t) => ({ u, three: /WebGLRenderer/.test(t) }))),
      ),
    );
    expect(bodies.filter((b) => b.three).map((b) => b.u)).toEqual([]);
  });
});

test('the page, its title and introduction come in the server HTML with their styles inline, no stylesheet link', async ({
  request,
}) => {
  // Issue 20: nothing blocks the first paint, and the page's largest text is in it (decision 043).
  for (const [path, id, text] of [
    ['/periodic-table', 'science-css', 'grundämnen. Välj ett grundämne för att se dess atommodell'],
    ['/elements/26/isotopes', 'science-css', ''],
    ['/solar-system', 'solar-system-css', 'inte skalenliga'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<style id="${id}">`);
    expect(html, path).not.toMatch(/<link rel="stylesheet"/);
    expect(html, path).toContain(text);
  }
  const html = await (await request.get('/periodic-table')).text();
  expect(html).toMatch(/<p class="pt-intro">Alla <!-- -->118<!-- --> grundämnen/);
});
