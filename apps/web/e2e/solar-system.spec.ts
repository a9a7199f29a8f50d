import { createHash } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';

const ORDER = ['Merkurius', 'Venus', 'Jorden', 'Mars', 'Ceres', 'Jupiter', 'Saturnus', 'Uranus', 'Neptunus', 'Pluto'];

/** The 3D view's canvas (the still picture before it is a canvas too). */
const WEBGL = '.solar-scene canvas:not(.solar-poster)';

/** Share of the canvas' pixels that are clearly lit (the background is near black). */
async function litShare(page: Page, what = WEBGL): Promise<{ share: number; distinct: number }> {
  const png = await page.locator(what).screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let lit = 0;
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 3) {
    if (data[i] + data[i + 1] + data[i + 2] > 120) lit++;
    colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
  }
  return { share: lit / (info.width * info.height), distinct: colours.size };
}

/** Runs in the page: the browser offers no WebGL (as on old or locked-down machines). */
/** A hash of what the scene's canvas shows now. */
async function frameOf(page: Page): Promise<string> {
  return createHash('sha1')
    .update(await page.locator(WEBGL).screenshot())
    .digest('hex');
}

/**
 * Waits until two looks in a row are the same (a frame still in flight has landed; a running loop
 * never gives that, the planets move every frame), checks it stays so for a second, returns it.
 */
async function standsStill(page: Page): Promise<string> {
  let last = await frameOf(page);
  await expect
    .poll(
      async () => {
        const next = await frameOf(page);
        const same = next === last;
        last = next;
        return same;
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toBe(true);
  await page.waitForTimeout(1_000);
  expect(await frameOf(page)).toBe(last);
  return last;
}

function withoutWebGL() {
  const proto = HTMLCanvasElement.prototype as unknown as { getContext: (...args: unknown[]) => unknown };
  const getContext = proto.getContext;
  proto.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
    return /webgl/i.test(String(args[0])) ? null : getContext.apply(this, args);
  };
}

interface OverlayTimes {
  shown?: number;
  gone?: number;
}

/** Runs in the page: notes (with the page's clock) when the texture overlay appears and goes. */
function watchOverlay() {
  const seen: OverlayTimes = {};
  (window as unknown as { __overlay: OverlayTimes }).__overlay = seen;
  new MutationObserver(() => {
    const present = document.querySelector('[data-testid="texture-overlay"]') !== null;
    if (present && seen.shown === undefined) seen.shown = performance.now();
    if (!present && seen.shown !== undefined && seen.gone === undefined) seen.gone = performance.now();
  }).observe(document, { subtree: true, childList: true });
}

/** The reader points at the scene: the 3D view replaces the still picture (decision 041). */
async function startScene(page: Page) {
  await expect(page.getByTestId('scene-poster')).toBeVisible({ timeout: 15_000 });
  await page.locator('.solar-scene').hover();
  await expect(page.locator('.solar-scene')).toHaveAttribute('data-view', '3d');
}

test.describe('the 3D solar system', () => {
  // Software WebGL (SwiftShader) on a busy 2-core machine: a journey can take 20–30 s, so every test
  // here gets room well beyond Playwright's 30 s default (the longest set their own, larger limit).
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async ({ request }) => {
    // The server paints each texture on first request; warm them so the journeys see them load.
    const data = await (await request.get('/api/solar-system-data')).json();
    for (const b of data.bodies) expect((await request.get(b.texture_map_url)).status()).toBe(200);
  });

  test('loads the scene, the table in solar order and the version label; selecting Jupiter shows its details', async ({
    page,
  }) => {
    test.setTimeout(120_000); // software WebGL on a busy test machine is slow
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(watchOverlay);
    await page.goto('/solar-system');
    await expect(page).toHaveTitle('Solsystemet i 3D | Väggen');
    await expect(page.getByRole('heading', { level: 1, name: 'Solsystemet' })).toBeVisible();
    await expect(page.getByTestId('version-label')).toHaveText('Beta 0.1.2');
    await expect(page.getByTestId('scale-note')).toContainText('inte skalenliga');
    // Spec 001 §2: the footer is hidden on /solar-system.
    await expect(page.locator('.site-footer')).toHaveCount(0);

    // Spec 001 §4/§9: the texture overlay goes once the textures have loaded (they are warm here),
    // and at most after 3 s; the exact time-out is proved with a paused clock in its own test below.
    // The overlay comes with the 3D view, which loads when the reader points at the scene: until
    // then there is no overlay yet, and a count of 0 proves nothing.
    await expect(page.getByTestId('planet-table')).toBeVisible({ timeout: 15_000 });
    await startScene(page);
    // 30 s: the first 3D view (three.js compiled, shaders built in software WebGL) on a machine
    // busy with the whole suite once took more than 15 s; alone, this test takes ~9 s in all.
    await expect(page.getByTestId('texture-overlay')).toHaveCount(0, { timeout: 30_000 });
    const overlay = await page.evaluate(() => (window as unknown as { __overlay: OverlayTimes }).__overlay);
    expect(overlay.shown).toBeDefined();
    test.info().annotations.push({
      type: 'texture overlay shown for (ms)',
      description: String(Math.round(overlay.gone! - overlay.shown!)),
    });

    // "Planets at a Glance", sorted by solar position.
    await expect(page.getByRole('heading', { name: 'Planets at a Glance' })).toBeVisible();
    const table = page.getByTestId('planet-table');
    await expect(table.locator('thead th')).toHaveText(['Namn', 'Typ', 'Avstånd från solen', 'Radie', 'Månar']);
    await expect(table.locator('tbody th')).toHaveText(ORDER);
    const jupiterRow = table.locator('tr[data-body="jupiter"] td');
    await expect(jupiterRow).toHaveText(['Planet', /^778,5 milj\. km/, '71 492 km', '95']);
    await expect(table.locator('tr[data-body="pluto"] td').first()).toHaveText('Dvärgplanet');

    // The WebGL canvas draws something: not blank, not a single colour.
    await expect(page.locator('.solar-scene')).toHaveAttribute('data-scene-ready', 'true', { timeout: 15_000 });
    await page.waitForTimeout(500);
    const { share, distinct } = await litShare(page);
    expect(share).toBeGreaterThan(0.002);
    expect(distinct).toBeGreaterThan(20);

    // Select Jupiter: the camera flies there (1 s, ease-out) and then tracks it.
    const scene = page.locator('.solar-scene');
    await scene.evaluate((el) => {
      // Page-clock times of the click and of each camera mode change, to measure the flight.
      const times: Record<string, number> = {};
      (window as unknown as { __camera: Record<string, number> }).__camera = times;
      document.addEventListener('click', () => (times.click ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        const mode = el.getAttribute('data-camera-mode') ?? '';
        times[mode] ??= performance.now();
      }).observe(el, { attributes: true, attributeFilter: ['data-camera-mode'] });
    });
    await table.locator('tr[data-body="jupiter"]').click();
    await expect(scene).toHaveAttribute('data-camera-mode', /animating|tracking/);
    // 1 s of flight plus slow software-rendered frames on a busy machine: generous, never flaky.
    await expect(scene).toHaveAttribute('data-camera-mode', 'tracking', { timeout: 15_000 });
    const camera = await page.evaluate(() => (window as unknown as { __camera: Record<string, number> }).__camera);
    // The flight takes the spec's 1000 ms: tracking cannot begin sooner after the click.
    expect(camera.animating).toBeGreaterThanOrEqual(camera.click);
    expect(camera.tracking - camera.click).toBeGreaterThanOrEqual(1000);
    test.info().annotations.push({
      type: 'camera flight to Jupiter (ms)',
      description: String(Math.round(camera.tracking - camera.click)),
    });
    await expect(page.getByTestId('camera-status')).toHaveText('Följer Jupiter');
    await expect(table.locator('tr[data-body="jupiter"]')).toHaveAttribute('aria-selected', 'true');

    const details = page.getByTestId('planet-details');
    await expect(details).toHaveAttribute('data-body', 'jupiter');
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('Jupiter');
    await expect(details).toContainText('gasjätte');
    for (const h of ['Fysiska data', 'Omloppsbana', 'Temperatur', 'Atmosfär', 'Månar', 'Visste du att…', 'Upptäckt'])
      await expect(details.getByRole('heading', { level: 3, name: h })).toBeVisible();
    await expect(details.locator('.solar-fact', { hasText: 'Radie' })).toContainText('71 492 km');
    await expect(details.locator('.solar-fact', { hasText: 'Massa' })).toContainText('1,898 × 10²⁷ kg');
    await expect(details.locator('.solar-fact', { hasText: 'Omloppstid' })).toContainText('4 331 dygn');
    const temperature = details.locator('.solar-facts', { has: page.getByRole('heading', { name: 'Temperatur' }) });
    await expect(temperature.locator('dt')).toHaveText(['Medel', 'Dag', 'Natt']);
    await expect(temperature.locator('dd')).toHaveText([
      '−110 °C',
      'saknas (ingen fast yta)',
      'saknas (ingen fast yta)',
    ]);
    const gases = details.getByTestId('atmosphere');
    await expect(gases.locator('tbody th')).toHaveText(['Väte', 'Helium', 'Metan', 'Ammoniak']);
    await expect(gases.locator('tbody tr').first()).toContainText('89,8 %');
    await expect(details.getByTestId('moon-list').locator('strong')).toHaveText([
      'Io',
      'Europa',
      'Ganymedes',
      'Callisto',
    ]);
    await expect(details).toContainText('95 kända månar (enligt NASA per 11 mars 2025)');
    await expect(details).toContainText('stora röda fläcken');
    await expect(details).toContainText('Galileo Galilei');

    // Moving the camera by hand stops tracking.
    await page.locator('.solar-scene').scrollIntoViewIfNeeded();
    const box = (await page.locator(WEBGL).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 6 });
    await page.mouse.up();
    await expect(scene).toHaveAttribute('data-camera-mode', 'free');
    await expect(page.getByTestId('camera-status')).toContainText('Fri kamera');

    // Back to the overview.
    await page.getByRole('button', { name: 'Visa hela solsystemet' }).click();
    await expect(scene).toHaveAttribute('data-camera-mode', 'overview', { timeout: 15_000 });
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('Välj en himlakropp');
    expect(errors).toEqual([]);
  });

  test('the texture overlay goes after 3 s even when the textures never arrive', async ({ page }) => {
    test.setTimeout(90_000);
    // Textures hang, and the page's clock stands still until the test moves it on.
    await page.route('**/api/solar-system/textures/**', () => {});
    await page.clock.install({ time: new Date('2025-03-11T10:00:00Z') });
    await page.clock.pauseAt(new Date('2025-03-11T10:00:01Z'));
    await page.addInitScript(watchOverlay);
    await page.goto('/solar-system');
    const overlay = page.getByTestId('texture-overlay');
    await startScene(page);
    await expect(overlay).toHaveText('Laddar texturer…', { timeout: 15_000 });
    await page.clock.runFor(2_900);
    await expect(overlay).toHaveCount(1);
    await page.clock.runFor(150);
    await expect(overlay).toHaveCount(0);
    const times = await page.evaluate(() => (window as unknown as { __overlay: OverlayTimes }).__overlay);
    expect(times.gone! - times.shown!).toBeGreaterThanOrEqual(2_900);
    expect(times.gone! - times.shown!).toBeLessThanOrEqual(3_050);
    await page.clock.resume();
    // The page still works: the table and the scene are there.
    await expect(page.getByTestId('planet-table').locator('tbody th')).toHaveText(ORDER);
    await expect(page.locator('.solar-scene')).toBeVisible();
  });

  test('stops drawing while the tab is hidden and goes on when it is back', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/solar-system');
    const scene = page.locator('.solar-scene');
    await startScene(page);
    await expect(scene).toHaveAttribute('data-scene-ready', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('texture-overlay')).toHaveCount(0, { timeout: 15_000 });
    const frame = () => frameOf(page);
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (h ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);

    // Polls instead of fixed waits: a busy machine may draw only a few frames a second.
    const changesFrom = (from: string) =>
      expect.poll(frame, { timeout: 15_000, intervals: [300, 500, 1_000] }).not.toBe(from);

    // Running (the reader starts the motion): the planets move between two looks.
    await page.getByRole('button', { name: 'Starta rörelsen' }).click();
    await expect(scene).toHaveAttribute('data-motion', 'on');
    await changesFrom(await frame());

    await setHidden(true);
    await expect(scene).toHaveAttribute('data-paused', 'true');
    const last = await standsStill(page);

    await setHidden(false);
    await expect(scene).toHaveAttribute('data-paused', 'false');
    await changesFrom(last);
  });

  test('the planets stand still until the reader starts them, and pause again (WCAG 2.2.2)', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/solar-system');
    const scene = page.locator('.solar-scene');
    await startScene(page);
    await expect(scene).toHaveAttribute('data-scene-ready', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('texture-overlay')).toHaveCount(0, { timeout: 15_000 });
    await expect(scene).toHaveAttribute('data-motion', 'off');
    const frame = () => frameOf(page);

    // Still from the start: no frame loop runs.
    const still = await standsStill(page);

    // Started from the keyboard: the planets move, and the button now pauses.
    const start = page.getByRole('button', { name: 'Starta rörelsen' });
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(scene).toHaveAttribute('data-motion', 'on');
    const pause = page.getByRole('button', { name: 'Pausa rörelsen' });
    await expect(pause).toBeFocused();
    await expect.poll(frame, { timeout: 15_000, intervals: [300, 500, 1_000] }).not.toBe(still);

    // Paused: still again, and a flight to a planet still works while they stand still.
    await pause.click();
    await expect(scene).toHaveAttribute('data-motion', 'off');
    await standsStill(page);
    await page.getByTestId('planet-table').locator('tr[data-body="saturn"]').click();
    await expect(scene).toHaveAttribute('data-camera-mode', 'tracking', { timeout: 15_000 });
    await expect(page.getByTestId('camera-status')).toHaveText('Följer Saturnus');
    await standsStill(page);
  });

  test('shows a still picture of the overview first and loads the 3D view only when the reader reaches for it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/solar-system');
    const scene = page.locator('.solar-scene');
    const poster = page.getByTestId('scene-poster');
    await expect(poster).toBeVisible({ timeout: 15_000 });
    // The Sun and the ten bodies of the table (where each lands is checked against three.js in
    // poster.test.ts), painted: not blank, not a single colour.
    const drawn = ((await poster.getAttribute('data-bodies')) ?? '').split(' ').sort();
    expect(drawn).toEqual(
      ['sun', 'mercury', 'venus', 'earth', 'mars', 'ceres', 'jupiter', 'saturn', 'uranus', 'neptune', 'pluto'].sort(),
    );
    const painted = await litShare(page, '[data-testid="scene-poster"]');
    expect(painted.share).toBeGreaterThan(0.002);
    expect(painted.distinct).toBeGreaterThan(20);
    await expect(scene).toHaveAttribute('data-view', 'picture');
    await expect(scene.locator('.solar-scene-hint')).toHaveText(
      'Peka på bilden eller välj en himlakropp för att öppna 3D-vyn.',
    );
    await expect(page.getByTestId('camera-status')).toHaveText('Översikt');
    // Nothing of the 3D view is loaded while the reader only reads: no canvas, no overlay, and none
    // of the scene's code (three.js is ~250 KB gzipped and seconds of a phone's main thread).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    await expect(scene.locator('canvas:not(.solar-poster)')).toHaveCount(0);
    await expect(page.getByTestId('texture-overlay')).toHaveCount(0);
    const before = new Set(scripts);

    // From the keyboard: focusing the scene's controls opens it; the planets still stand still.
    await page.getByRole('button', { name: 'Starta rörelsen' }).focus();
    await expect(scene).toHaveAttribute('data-view', '3d');
    await expect(scene).toHaveAttribute('data-scene-ready', 'true', { timeout: 30_000 });
    await expect(poster).toHaveCount(0);
    await expect(scene).toHaveAttribute('data-motion', 'off');
    await expect(page.getByRole('button', { name: 'Starta rörelsen' })).toBeFocused();
    await expect(scene.locator('.solar-scene-hint')).toHaveText(
      'Dra för att vrida, scrolla eller nyp för att zooma, klicka på en himlakropp.',
    );
    expect(scripts.filter((u) => !before.has(u)).length).toBeGreaterThan(0);

    // Choosing a body in the table opens it too, and the camera flies there.
    await page.reload();
    await expect(poster).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('planet-table').locator('tr[data-body="jupiter"]').click();
    await expect(scene).toHaveAttribute('data-view', '3d');
    await expect(scene).toHaveAttribute('data-camera-mode', 'tracking', { timeout: 30_000 });
    await expect(page.getByTestId('camera-status')).toHaveText('Följer Jupiter');

    // "Starta rörelsen" opens it and sets the planets moving.
    await page.reload();
    await expect(poster).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Starta rörelsen' }).click();
    await expect(scene).toHaveAttribute('data-view', '3d');
    await expect(scene).toHaveAttribute('data-motion', 'on');
    await expect(scene).toHaveAttribute('data-scene-ready', 'true', { timeout: 30_000 });
  });

  test('the planet list works from the keyboard', async ({ page }) => {
    await page.goto('/solar-system');
    const table = page.getByTestId('planet-table');
    await expect(table.locator('tbody th')).toHaveText(ORDER);
    await table.getByRole('button', { name: 'Mars' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(table.getByRole('button', { name: 'Ceres' })).toBeFocused();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('planet-details');
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('Ceres');
    await expect(details).toContainText('Dvärgplanet');
    await expect(details).toContainText('Giuseppe Piazzi');
    await expect(table.getByRole('button', { name: 'Ceres' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('End');
    await expect(table.getByRole('button', { name: 'Pluto' })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('Pluto');
    await page.keyboard.press('Home');
    await expect(table.getByRole('button', { name: 'Merkurius' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('Välj en himlakropp');
  });

  test('a failed load shows an error with a retry that works', async ({ page }) => {
    let fail = true;
    await page.route('**/api/solar-system-data', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ msg: 'Tjänsten är nere' }),
          })
        : route.continue(),
    );
    await page.goto('/solar-system');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Kunde inte ladda solsystemet');
    await expect(alert).toContainText('Tjänsten är nere (503)');
    await expect(page.getByTestId('planet-table')).toHaveCount(0);
    fail = false;
    await alert.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByTestId('planet-table').locator('tbody th')).toHaveText(ORDER);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('without WebGL the page says so and the table and details still work', async ({ page }) => {
    await page.addInitScript(withoutWebGL);
    await page.goto('/solar-system');
    await startScene(page);
    await expect(page.locator('.solar-scene')).toContainText('3D-vyn kunde inte visas i den här webbläsaren', {
      timeout: 15_000,
    });
    const table = page.getByTestId('planet-table');
    await expect(table.locator('tbody th')).toHaveText(ORDER);
    await table.locator('tr[data-body="mars"]').click();
    await expect(page.getByTestId('planet-details').getByRole('heading', { level: 2 })).toHaveText('Mars');
    await expect(page.getByTestId('texture-overlay')).toHaveCount(0, { timeout: 5_000 });
  });

  test('is usable at 480 px: table, panel and a visible scene', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.goto('/solar-system');
    await expect(page.getByTestId('version-label')).toBeVisible();
    // The still picture fills the scene; a touch on it opens the 3D view in the same box (sizes
    // compared, not positions: the page may still shift as the table renders; the WebGL canvas
    // takes its size from the box a frame after it appears).
    const size = async (what: Locator) => {
      const b = await what.boundingBox();
      return b ? `${Math.round(b.width)}×${Math.round(b.height)}` : 'none';
    };
    const poster = page.getByTestId('scene-poster');
    await expect(poster).toBeVisible({ timeout: 15_000 });
    const sceneBox = (await page.locator('.solar-scene').boundingBox())!;
    expect(sceneBox.width).toBeLessThanOrEqual(480);
    expect(sceneBox.height).toBeGreaterThanOrEqual(250);
    const box = `${Math.round(sceneBox.width)}×${Math.round(sceneBox.height)}`;
    await expect.poll(() => size(poster)).toBe(box);
    await page.locator('.solar-scene').dispatchEvent('pointerdown', { pointerType: 'touch' });
    const canvas = page.locator(WEBGL);
    await expect(canvas).toBeVisible({ timeout: 15_000 });
    // the canvas takes the scene's size with the 3D view's first frame: 30 s, as for the textures
    // above (a full CI run once left it at the default 300×150 for 15 s; it passed on retry)
    await expect.poll(() => size(canvas), { timeout: 30_000 }).toBe(box);
    // Nothing sticks out sideways: every table column fits.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(480);
    const table = page.getByTestId('planet-table');
    const tableBox = (await table.boundingBox())!;
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(480);
    await table.locator('tr[data-body="saturn"]').click();
    const details = page.getByTestId('planet-details');
    await expect(details.getByRole('heading', { level: 2 })).toHaveText('Saturnus');
    await details.getByRole('heading', { level: 3, name: 'Månar' }).scrollIntoViewIfNeeded();
    await expect(details.getByTestId('moon-list').locator('strong').first()).toHaveText('Mimas');
    const detailsBox = (await details.boundingBox())!;
    expect(detailsBox.x + detailsBox.width).toBeLessThanOrEqual(480);
  });
});
