import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

// Browser journeys of issue 6: static pages, their forms, the tips inbox and the fly cursor.
// The e2e server seeds the admin `admin` / `admin-e2e-password` (scripts/e2e-server.sh).

const REQUIRED = 'Vänligen fyll i alla obligatoriska fält.';
const EMAIL = 'Vänligen ange en giltig e-postadress.';
const TIP_DETAILS = 'Vänligen fyll i information om ditt tips.';
const TIP_NAME = 'Vänligen ange ditt namn eller välj att vara anonym.';
const run = Date.now().toString(36);

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { username: 'admin', password: 'admin-e2e-password' } });
  expect(res.status()).toBe(200);
  return (await res.json()).access_token;
}

async function inbox(request: APIRequestContext, kind: 'contact' | 'tip' | 'ad') {
  const token = await adminToken(request);
  const res = await request.get(`/api/inbox?kind=${kind}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).items as Record<string, unknown>[];
}

/** Holds the form's call until `release()` so the "sending" state can be seen. */
async function holdRequests(page: Page, url: string) {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return () => release();
}

test.describe('static pages', () => {
  test('each page is server-rendered with its title and description, and hides the footer', async ({
    page,
    request,
  }) => {
    const pages: [string, string, string][] = [
      ['/about', 'Om oss | Väggen', 'Nyheter på en vägg nära dig'],
      ['/kontakt', 'Kontakta oss | Väggen', 'Kontakta oss'],
      ['/tipsa', 'Tipsa oss | Väggen', 'Har du ett tips?'],
      ['/annonsera', 'Annonsera | Väggen', 'Nå läsare som vill veta mer'],
      ['/integritetspolicy', 'Integritetspolicy | Väggen', 'Så hanterar vi dina uppgifter'],
    ];
    for (const [path, title, h1] of pages) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html).toContain(h1);
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.locator('footer.site-footer')).toHaveCount(0);
      await expect(
        page.getByRole('navigation', { name: 'Om Väggen', exact: true }).getByRole('link', { name: /./ }),
      ).toHaveCount(5);
    }
    // …while the home page keeps it
    await page.goto('/');
    await expect(page.locator('footer.site-footer')).toHaveCount(1);
  });

  test('/about has history, mission, editorial team, values and promise', async ({ page }) => {
    await page.goto('/about');
    for (const h of ['Vår historia', 'Vårt uppdrag', 'Redaktionen', 'Våra värderingar', 'Vårt löfte till dig']) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
  });

  test('contact form: every message, disabled while sending, thank-you, stored in the inbox', async ({
    page,
    request,
  }) => {
    await page.goto('/kontakt');
    for (const h of ['Kontaktuppgifter', 'Adress', 'Följ oss']) {
      await expect(page.getByRole('heading', { name: h })).toBeVisible();
    }
    await expect(page.locator('.social-list a', { hasText: 'Facebook' })).toHaveAttribute('target', '_blank');
    const submit = page.getByRole('button', { name: 'Skicka meddelande' });
    const alert = page.getByRole('alert');

    await submit.click();
    await expect(alert).toHaveText(REQUIRED);
    await expect(page.getByLabel('Namn')).toBeFocused();
    await page.getByLabel('Namn').fill('Karin Läsare');
    await page.getByLabel('E-post').fill('karin@example.se');
    await submit.click();
    await expect(alert).toHaveText(REQUIRED); // message still missing
    await page.getByLabel('Meddelande').fill(`Hej redaktionen! (${run})`);
    await page.getByLabel('E-post').fill('inte-en-adress');
    await submit.click();
    await expect(alert).toHaveText(EMAIL);
    await expect(page.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('E-post').fill('karin@example.se');

    const release = await holdRequests(page, '**/api/contact');
    await submit.click();
    const sending = page.getByRole('button', { name: 'Skickar...' });
    await expect(sending).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Tack för ditt meddelande!' })).toBeVisible();
    await expect(alert).toHaveCount(0);

    const stored = await inbox(request, 'contact');
    expect(stored.find((m) => m.message === `Hej redaktionen! (${run})`)).toMatchObject({
      name: 'Karin Läsare',
      email: 'karin@example.se',
      status: 'new',
    });

    await page.getByRole('button', { name: 'Skicka ett nytt meddelande' }).click();
    await expect(page.getByLabel('Namn')).toHaveValue('');
  });

  test('a server error is shown as the server worded it', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ msg: 'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.' }),
      }),
    );
    await page.goto('/kontakt');
    await page.getByLabel('Namn').fill('Karin');
    await page.getByLabel('E-post').fill('karin@example.se');
    await page.getByLabel('Meddelande').fill('Hej');
    await page.getByRole('button', { name: 'Skicka meddelande' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Du har skickat flera meddelanden på kort tid. Vänta en stund och försök igen.',
    );
    await expect(page.getByRole('button', { name: 'Skicka meddelande' })).toBeEnabled();
  });

  test('tip form: every message, the anonymous checkbox, and an anonymous tip that carries nothing identifying', async ({
    page,
    request,
  }) => {
    await page.goto('/tipsa');
    const protection = page.getByRole('region', { name: 'Så skyddar vi dig som tipsar anonymt' });
    await expect(protection).toContainText(
      'Vi sparar inte ditt namn, din e-postadress, ditt telefonnummer, din IP-adress eller uppgifter om din webbläsare',
    );
    await expect(page.getByRole('heading', { name: 'Andra sätt att nå oss' })).toBeVisible();
    const alert = page.getByRole('alert');
    const name = page.getByLabel('Namn');
    const email = page.getByLabel('E-post');
    const phone = page.getByLabel('Telefon');
    const anonymous = page.getByLabel('Jag vill vara anonym');

    await page.getByRole('button', { name: 'Skicka tips' }).click();
    await expect(alert).toHaveText(TIP_DETAILS);
    await page.getByLabel('Rubrik').fill(`Fusk med skolmaten (${run})`);
    await page.getByRole('button', { name: 'Skicka tips' }).click();
    await expect(alert).toHaveText(TIP_DETAILS);
    await page.getByLabel('Beskriv ditt tips').fill('Avtalet skrevs innan anbudstiden gick ut.');
    await page.getByRole('button', { name: 'Skicka tips' }).click();
    await expect(alert).toHaveText(TIP_NAME);
    await name.fill('Sanna Källa');
    await email.fill('sanna@');
    await page.getByRole('button', { name: 'Skicka tips' }).click();
    await expect(alert).toHaveText(EMAIL);

    // Anonymous clears name, e-mail and phone and locks them; unticking unlocks them still empty.
    await email.fill('sanna@example.se');
    await phone.fill('070-174 06 66');
    await anonymous.check();
    for (const f of [name, email, phone]) {
      await expect(f).toHaveValue('');
      await expect(f).toBeDisabled();
    }
    await anonymous.uncheck();
    for (const f of [name, email, phone]) {
      await expect(f).toHaveValue('');
      await expect(f).toBeEnabled();
    }
    await name.fill('Sanna Källa');
    await anonymous.check();
    await expect(name).toHaveValue('');
    await page.getByLabel(/underlag som styrker tipset/).check();

    await page.evaluate(() => localStorage.setItem('token', 'en-inloggningsnyckel'));
    const sent = page.waitForRequest('**/api/tips');
    const release = await holdRequests(page, '**/api/tips');
    await page.getByRole('button', { name: 'Skicka anonymt tips' }).click();
    await expect(page.getByRole('button', { name: 'Skickar...' })).toBeDisabled();
    const req = await sent;
    release();
    expect(JSON.parse(req.postData() ?? '{}')).toEqual({
      anonymous: true,
      title: `Fusk med skolmaten (${run})`,
      details: 'Avtalet skrevs innan anbudstiden gick ut.',
      evidence: true,
    });
    const headers = await req.allHeaders();
    expect(headers.authorization).toBeUndefined();
    expect(headers.cookie).toBeUndefined();

    await expect(page.getByRole('heading', { name: 'Tack för ditt tips!' })).toBeVisible();
    await expect(page.locator('.thank-you')).toContainText(
      'Tipset sparades utan namn, e-postadress, telefonnummer, IP-adress',
    );
    const stored = (await inbox(request, 'tip')).find((t) => t.title === `Fusk med skolmaten (${run})`);
    expect(stored).toMatchObject({ anonymous: true, name: null, email: null, phone: null, evidence: true });
  });

  test('ad inquiry: every message, audience figures, media kit and thank-you', async ({ page, request }) => {
    await page.goto('/annonsera');
    for (const opt of ['Banner', 'Native-annons', 'Nyhetsbrev', 'Sponsrat innehåll', 'Paketlösning']) {
      await expect(page.getByRole('heading', { level: 3, name: opt })).toBeVisible();
    }
    await expect(page.getByText('45 %', { exact: true })).toBeVisible();
    await expect(page.getByText('öppnar vårt nyhetsbrev')).toBeVisible();
    await expect(page.getByText('54/46')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Könsfördelning: 54 procent kvinnor, 46 procent män' })).toBeVisible();

    const kit = page.getByRole('link', { name: 'Ladda ner mediekit (PDF)' });
    const href = await kit.getAttribute('href');
    const pdf = await request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const submit = page.getByRole('button', { name: 'Skicka förfrågan' });
    const alert = page.getByRole('alert');
    await submit.click();
    await expect(alert).toHaveText(REQUIRED);
    await page.getByLabel('Namn').fill('Lena Säljare');
    await page.getByLabel('Företag').fill(`Exempelbolaget ${run}`);
    await page.getByLabel('E-post').fill('lena@exempel.se');
    await submit.click();
    await expect(alert).toHaveText(REQUIRED); // no ad type chosen
    await expect(page.getByRole('combobox', { name: /Annonsform/ })).toBeFocused();
    await page.getByRole('combobox', { name: /Annonsform/ }).selectOption({ label: 'Sponsrat innehåll' });
    await page.getByLabel('E-post').fill('lena.exempel.se');
    await submit.click();
    await expect(alert).toHaveText(EMAIL);
    await page.getByLabel('E-post').fill('lena@exempel.se');
    await page.getByLabel('Meddelande').fill('Vi vill synas i maj.');
    const release = await holdRequests(page, '**/api/ad-inquiries');
    await submit.click();
    await expect(page.getByRole('button', { name: 'Skickar...' })).toBeDisabled();
    release();
    await expect(page.getByRole('heading', { name: 'Tack för din förfrågan!' })).toBeVisible();
    const stored = (await inbox(request, 'ad')).find((a) => a.company === `Exempelbolaget ${run}`);
    expect(stored).toMatchObject({ ad_type: 'sponsoredContent', message: 'Vi vill synas i maj.', phone: null });
  });

  test('privacy policy: 11 sections, the date and the age limit', async ({ page }) => {
    await page.goto('/integritetspolicy');
    await expect(page.getByText('Senast uppdaterad: 15 mars 2025')).toBeVisible();
    await expect(page.locator('time[datetime="2025-03-15"]')).toHaveCount(1);
    const sections = page.locator('section.privacy-section');
    await expect(sections).toHaveCount(11);
    await expect(sections.locator('h2').first()).toHaveText('1. Vem ansvarar för dina uppgifter?');
    await expect(sections.locator('h2').nth(10)).toHaveText('11. Ändringar och kontakt');
    await expect(page.getByRole('navigation', { name: 'Innehåll' }).getByRole('link')).toHaveCount(11);
    await expect(page.locator('#barn')).toContainText('Väggen riktar sig inte till barn under 13 år');
    await expect(page.locator('#sakerhet')).toContainText('Anrop som skickar ett tips loggas inte alls.');
    await expect(page.locator('#lagringstid')).toContainText(
      'Servern raderar dem automatiskt 180 dagar efter att de markerats som hanterade.',
    );
    for (const key of [
      'token',
      'isLoggedIn',
      'username',
      'isAdmin',
      'userId',
      'profilePicture',
      'flyEnabled',
      'translateSettings',
      'vaggen_device',
      'commenterToken',
      'react-router-scroll-positions',
    ]) {
      await expect(page.locator('#webblasaren tbody code').filter({ hasText: new RegExp(`^${key}$`) })).toHaveCount(1);
    }
    // issue 43: the translation key has a row for each place it can be kept (localStorage or the tab's sessionStorage)
    await expect(
      page.locator('#webblasaren tbody code').filter({ hasText: /^translateApiKey:<ditt användarnummer>$/ }),
    ).toHaveCount(2);
  });
});

test.describe('accessibility statement', () => {
  test('/tillganglighet: status, shortcomings, feedback, supervision and review date; linked from /about', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/tillganglighet')).text();
    expect(html).toContain('<title>Tillgänglighetsredogörelse | Väggen</title>');
    expect(html).toContain('delvis förenlig');

    await page.goto('/about');
    await page.getByRole('link', { name: 'tillgänglighetsredogörelse' }).click();
    await expect(page).toHaveURL(/\/tillganglighet$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tillgänglighet för Väggen');
    for (const h of [
      'Hur tillgänglig är webbplatsen?',
      'Det här fungerar inte fullt ut',
      'Meddela oss om något inte fungerar',
      'Tillsyn',
      'Så har vi testat webbplatsen',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Hur tillgänglig är webbplatsen?' })).toContainText(
      'Väggen är delvis förenlig med standarden EN 301 549 och Web Content Accessibility Guidelines (WCAG) 2.2 på nivå AA.',
    );
    const feedback = page.getByRole('region', { name: 'Meddela oss om något inte fungerar' });
    await expect(feedback.getByRole('link', { name: 'kontaktformuläret' })).toHaveAttribute('href', '/kontakt');
    await expect(feedback.getByRole('link', { name: 'redaktionen@vaggen.example' })).toHaveAttribute(
      'href',
      'mailto:redaktionen@vaggen.example',
    );
    const supervision = page.getByRole('region', { name: 'Tillsyn' });
    await expect(supervision).toContainText('Myndigheten för digital förvaltning (DIGG)');
    await expect(supervision.getByRole('link', { name: 'DIGG:s formulär för anmälan' })).toHaveAttribute(
      'href',
      'https://www.digg.se/tdosanmalan',
    );
    await expect(page.locator('time[datetime="2026-11-29"]').first()).toHaveText('29 november 2026');
    await expect(page.getByText('Senast granskad: 29 november 2026')).toBeVisible();
  });
});

test.describe('admin inbox', () => {
  test('an admin reads a tip and marks it handled; a visitor is sent to log in', async ({ page, request }) => {
    const title = `Inkorgstips ${run}`;
    const sent = await request.post('/api/tips', {
      data: { anonymous: false, name: 'Nils Namngiven', phone: '08-465 004 12', title, details: 'Detaljer om tipset.' },
    });
    expect(sent.status()).toBe(201);

    await page.goto('/admin/inbox');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Användarnamn').fill('admin');
    await page.getByLabel('Lösenord').fill('admin-e2e-password');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
    await expect(page.getByRole('heading', { name: 'Inkorg' })).toBeVisible();
    await expect(page.locator('.inbox-retention')).toHaveText(
      'Hanterade ärenden raderas automatiskt 180 dagar efter att de markerats som hanterade (se integritetspolicyn).',
    );
    await expect(page.getByRole('button', { name: /^Tips/ })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: new RegExp(title) }).click();
    const detail = page.locator('.inbox-detail');
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    await expect(detail).toContainText('Nils Namngiven');
    await expect(detail).toContainText('08-465 004 12');
    await expect(detail).toContainText('Detaljer om tipset.');
    await detail.getByRole('button', { name: 'Markera som hanterad' }).click();
    await expect(detail).toContainText('Hanterad');
    // the day and time in Stockholm, as "28 nov. 2026 16:07" (lib/format.ts, no Intl)
    await expect(detail).toContainText(
      /Hanterad \d{1,2} (jan\.|feb\.|mars|apr\.|maj|juni|juli|aug\.|sep\.|okt\.|nov\.|dec\.) \d{4} \d{2}:\d{2} av Redaktionen/,
    );
    await expect(detail.getByRole('button', { name: 'Markera som ohanterad' })).toBeVisible();

    await page.getByRole('button', { name: 'Hanterade' }).click();
    await expect(page.getByRole('button', { name: new RegExp(title) })).toBeVisible();
    await page.getByRole('button', { name: 'Nya', exact: true }).click();
    await expect(page.getByRole('button', { name: new RegExp(title) })).toHaveCount(0);
  });
});

test.describe('fly cursor', () => {
  test('Ctrl+Alt+F toggles it, it is saved as flyEnabled across reloads, and it never blocks clicks', async ({
    page,
  }) => {
    const flyChunks: string[] = [];
    page.on('request', (r) => {
      if (/FlyCursor-[\w-]+\.js/.test(r.url())) flyChunks.push(r.url());
    });
    await page.goto('/kontakt');
    const fly = page.locator('[data-fly-cursor]');
    await page.mouse.move(200, 200);
    await expect(fly).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('flyEnabled'))).toBeNull();
    expect(flyChunks).toEqual([]); // off by default: its code is not even loaded

    await page.getByRole('heading', { level: 1 }).click(); // focus the page, not the address bar
    await page.keyboard.press('Control+Alt+KeyF');
    await expect(fly).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('flyEnabled'))).toBe('true');
    expect(flyChunks.length).toBe(1);
    await page.mouse.move(300, 260);
    await expect(fly).toHaveCSS('opacity', '1');
    await expect(fly).toHaveCSS('pointer-events', 'none');
    await expect(fly).toHaveAttribute('aria-hidden', 'true');

    await page.reload();
    await expect(fly).toHaveCount(1);

    // Clicks go through: click a link right under the fly.
    const link = page
      .getByRole('navigation', { name: 'Om Väggen', exact: true })
      .getByRole('link', { name: 'Tipsa oss' });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/tipsa$/);
    await expect(fly).toHaveCount(1);

    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+Alt+KeyF');
    await expect(fly).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('flyEnabled'))).toBe('false');
    await page.reload();
    await page.mouse.move(100, 100);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(fly).toHaveCount(0);
  });

  test('with prefers-reduced-motion the fly keeps still wings', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    await page.evaluate(() => localStorage.setItem('flyEnabled', 'true'));
    await page.reload();
    const fly = page.locator('[data-fly-cursor]');
    await expect(fly).toHaveCount(1); // mounted (it appears at the next mouse move)
    await page.mouse.move(240, 240);
    await expect(fly).toHaveCSS('opacity', '1');
    await expect(fly.locator('.fly-wing').first()).toHaveCSS('animation-name', 'none');
    // It sits by the pointer at once, without trailing behind.
    await page.mouse.move(400, 300);
    await expect(fly).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 416, 316)');
  });
});
