import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { makePdf } from './fixtures/translate-pdf';
import { FakeOpenAi } from './fixtures/translate-server';
import { unzip } from './fixtures/translate-zip';

// Browser journeys of the PDF → translated Word tool at /translate (spec 001 §2, §4, §5, §7, §8, §9).
// The translation service is a small OpenAI-compatible server started here on 127.0.0.1; the PDFs
// are written by hand (fixtures/translate-pdf.ts).

const run = Date.now().toString(36);
const USER = { username: `e2e_tr_${run}`, password: 'e2e-password-123' };
const API_KEY = `sk-e2e-${run}-secret`;
const fake = new FakeOpenAi();
let token = '';

const SERVER_ERROR = 'OpenAI servers are currently experiencing issues. Please try again later.';

/** Page 1 is not extracted; pages 2–3 hold the special word (as a whole word and inside a word). */
const SMALL_PDF = makePdf([
  ['Page one title', '', 'This page is not extracted.'],
  ['The board met on Monday in Malmö.', 'It was a short meeting.', '', 'The boardroom was cold.'],
  ['Third page paragraph about the Board.', '', 'Final words.'],
]);

/** 10 pages × 6 paragraphs × ~500 characters: about 7 600 estimated tokens, so 3 chunks. */
const LONG_PAGES = Array.from({ length: 10 }, (_, p) =>
  Array.from({ length: 6 }, (_, i) => [
    `Page ${p + 1} paragraph ${i + 1} starts here.`,
    ...Array.from({ length: 4 }, () => 'This line adds some more words to the paragraph, sentence after sentence.'),
    ...Array.from({ length: 2 }, () => 'It keeps going with a little more text to reach the size.'),
    '',
  ]).flat(),
);
const LONG_PDF = makePdf(LONG_PAGES);

test.beforeAll(async ({ playwright }, testInfo) => {
  await fake.start();
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const reg = await api.post('/api/register', { data: USER });
  expect(reg.status(), await reg.text()).toBe(201);
  const login = await api.post('/api/login', { data: USER });
  expect(login.status()).toBe(200);
  token = (await login.json()).access_token;
  await api.dispose();
});

test.afterAll(async () => {
  await fake.stop();
});

test.beforeEach(() => fake.reset());

/** Logged in through the stored session (the same keys the login form writes). */
async function loggedIn(page: Page) {
  await page.addInitScript((t) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', t);
      localStorage.setItem('isLoggedIn', 'true');
    }
  }, token);
  await page.goto('/translate');
  await expect(page.getByRole('heading', { name: 'Ladda upp PDF' })).toBeVisible();
}

async function upload(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  await page.getByLabel('Välj PDF-fil').setInputFiles({ name, mimeType, buffer });
}

async function extract(page: Page, from: string, to: string) {
  await page.getByLabel('Från sida').fill(from);
  await page.getByLabel('Till sida').fill(to);
  await page.getByRole('button', { name: 'Extrahera text' }).click();
}

/** Key and the fake service's address (the service fields are under "Tjänst och modell"). */
async function configure(page: Page, baseUrl = fake.baseUrl) {
  await page.getByLabel('OpenAI API-nyckel').fill(API_KEY);
  await page.locator('summary', { hasText: 'Tjänst och modell' }).click();
  await page.getByLabel('Tjänstens adress (bas-URL)').fill(baseUrl);
}

/** Where the key is kept: per account (`translateApiKey:<user id>`), in session or local storage. */
function storedKey(page: Page) {
  return page.evaluate(() => {
    const name = `translateApiKey:${localStorage.getItem('userId')}`;
    const others = [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter(
      (k) => k.startsWith('translateApiKey') && k !== name,
    );
    if (others.length) throw new Error(`unexpected key entries: ${others.join(', ')}`);
    return { session: sessionStorage.getItem(name), local: localStorage.getItem(name) };
  });
}

const translateButton = (page: Page) => page.getByRole('button', { name: /^Översätt( igen)?$/ });
const step = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The paragraphs of word/document.xml: text runs joined, line breaks as "\n". */
function docxParagraphs(xml: string): string[] {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)]
    .map((m) =>
      [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)]
        .map((t) => (t[0] === '<w:br/>' ? '\n' : decode(t[1])))
        .join(''),
    )
    .filter((p) => p.length > 0);
}

async function download(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Ladda ner som Word (.docx)' }).click(),
  ]);
  const path = await file.path();
  const zip = unzip(await readFile(path));
  return { name: file.suggestedFilename(), xml: zip.get('word/document.xml')?.toString('utf8') ?? '' };
}

test.describe('PDF translation tool', () => {
  test('a visitor sees the login message and a link to log in; no footer', async ({ page }) => {
    await page.goto('/translate');
    const main = page.locator('main');
    await expect(main.getByText('Logga in för att använda översättningsverkyget.')).toBeVisible();
    await expect(page).toHaveURL(/\/translate$/); // not redirected
    await expect(main.getByRole('link', { name: 'Logga in' })).toHaveAttribute(
      'href',
      '/login?redirectTo=%2Ftranslate',
    );
    await expect(page.getByLabel('Välj PDF-fil')).toHaveCount(0);
    await expect(page.locator('.site-footer')).toHaveCount(0); // spec 001 §2
  });

  test('login → upload → extract pages 2–3 → settings → translate → review → .docx', async ({ page }) => {
    // the key must never reach our own server
    const ourRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(test.info().project.use.baseURL ?? '-'))
        ourRequests.push(`${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ''}`);
    });

    await page.goto('/translate');
    await page.locator('main').getByRole('link', { name: 'Logga in' }).click();
    await page.getByLabel('Användarnamn').fill(USER.username);
    await page.getByLabel('Lösenord').fill(USER.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(page).toHaveURL(/\/translate$/);

    // 1. upload: name, size and page count
    await upload(page, 'styrelsemöte.pdf', SMALL_PDF);
    await expect(page.getByTestId('file-name')).toHaveText('styrelsemöte.pdf');
    await expect(page.getByTestId('file-size')).toHaveText(
      `${new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(SMALL_PDF.length / 1024)} kB`,
    );
    await expect(page.getByTestId('file-pages')).toHaveText('3');
    await expect(page.getByLabel('Från sida')).toHaveValue('1');
    await expect(page.getByLabel('Till sida')).toHaveValue('3');

    // 2. extract pages 2–3 only, with pdf.js
    await extract(page, '2', '3');
    const original =
      'The board met on Monday in Malmö.\nIt was a short meeting.\n\nThe boardroom was cold.\n\n' +
      'Third page paragraph about the Board.\n\nFinal words.';
    await expect(page.getByLabel('Extraherad text')).toHaveValue(original);
    await expect(page.getByTestId('text-stats')).toContainText(
      `${original.length} tecken · uppskattat ${Math.ceil(original.length / 4)} tokens`,
    );

    // 3. settings: default en → sv, key, our service, a special word
    await expect(page.getByLabel('Från språk')).toHaveValue('en');
    await expect(page.getByLabel('Till språk')).toHaveValue('sv');
    await expect(page.getByLabel('Från språk').locator('option')).toHaveText([
      'Engelska (en)',
      'Svenska (sv)',
      'Spanska (es)',
      'Franska (fr)',
      'Tyska (de)',
      'Italienska (it)',
      'Portugisiska (pt)',
      'Nederländska (nl)',
      'Ryska (ru)',
      'Japanska (ja)',
      'Kinesiska (zh)',
      'Arabiska (ar)',
      'Hindi (hi)',
      'Koreanska (ko)',
    ]);
    await expect(page.getByText('aldrig till Väggens server')).toBeVisible();
    await configure(page);
    await expect(page.getByLabel('Modell')).toHaveValue('gpt-4-turbo');
    await page.getByRole('button', { name: 'Lägg till ord' }).click();
    await expect(page.getByText('Fyll i både originalord och översättning.')).toBeVisible();
    await page.getByLabel('Originalord').fill('board');
    await page.getByLabel('Översatt ord').fill('styrelsen');
    await page.getByRole('button', { name: 'Lägg till ord' }).click();
    await expect(page.getByRole('list', { name: 'Tillagda specialord' })).toHaveText(
      /^board\s*→\s*översätts med\s*styrelsen\s*Ta bort$/,
    );

    // 4. translate
    await translateButton(page).click();
    await expect(
      page.getByText('Klart! Texten är översatt. 2 specialord byttes ut före översättningen.'),
    ).toBeVisible();
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0];
    expect(call.authorization).toBe(`Bearer ${API_KEY}`);
    expect(call.body).toMatchObject({ model: 'gpt-4-turbo', temperature: 0.3, max_tokens: 4000 });
    expect(call.body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(call.body.messages[0].content).toContain('from English to Swedish');
    const sent =
      'The styrelsen met on Monday in Malmö.\nIt was a short meeting.\n\nThe boardroom was cold.\n\n' +
      'Third page paragraph about the styrelsen.\n\nFinal words.';
    expect(call.body.messages[1].content).toBe(sent); // whole words only: "boardroom" stays

    // 5. review: the translation is shown, the toggle switches to the original and back
    const review = page.getByTestId('review-text');
    const translatedParagraphs = [
      'SV: The styrelsen met on Monday in Malmö.\nIt was a short meeting.',
      'SV: The boardroom was cold.',
      'SV: Third page paragraph about the styrelsen.',
      'SV: Final words.',
    ];
    await expect(page.getByRole('button', { name: 'Översättning', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(review.locator('p')).toHaveText(translatedParagraphs.map((p) => p.replace('\n', '')));
    await expect(review).toHaveAttribute('lang', 'sv');
    await page.getByRole('button', { name: 'Original', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Original', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(review.locator('p').first()).toHaveText('The board met on Monday in Malmö.It was a short meeting.');
    await expect(review).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Översättning', exact: true }).click();
    await expect(review.locator('p').first()).toHaveText(
      'SV: The styrelsen met on Monday in Malmö.It was a short meeting.',
    );

    // export: one Word paragraph per translated paragraph, the single newline as a line break
    const docx = await download(page);
    expect(docx.name).toBe('styrelsemöte-sv.docx');
    expect(docxParagraphs(docx.xml)).toEqual(translatedParagraphs);
    expect(docx.xml).toContain('<w:br/>');

    // the key stayed in the browser: this tab's sessionStorage only, never sent to us
    expect(await storedKey(page)).toEqual({ session: API_KEY, local: null });
    expect(ourRequests.length).toBeGreaterThan(0);
    for (const r of ourRequests) expect(r).not.toContain(API_KEY);
  });

  test('a file that is not a PDF is refused', async ({ page }) => {
    await loggedIn(page);
    await upload(page, 'notes.txt', Buffer.from('plain text'), 'text/plain');
    await expect(step(page, 'Ladda upp PDF').getByRole('alert')).toHaveText('Please select a PDF file');
    await expect(page.getByTestId('file-name')).toHaveCount(0);
    await expect(page.getByText('Välj en PDF-fil i steg 1 först.')).toBeVisible();
    // a real PDF afterwards is accepted
    await upload(page, 'ok.pdf', SMALL_PDF);
    await expect(page.getByTestId('file-pages')).toHaveText('3');
    await expect(step(page, 'Ladda upp PDF').getByRole('alert')).toHaveCount(0);
  });

  test('page ranges are checked, and translating needs text and a key', async ({ page }) => {
    await loggedIn(page);
    // nothing extracted yet
    await translateButton(page).click();
    await expect(step(page, 'Översätt').getByRole('alert')).toHaveText('Please extract text first');

    await upload(page, 'tre-sidor.pdf', SMALL_PDF);
    const alert = step(page, 'Extrahera text').getByRole('alert');
    for (const [from, to] of [
      ['0', '2'],
      ['1', '4'],
      ['3', '2'],
      ['', '2'],
    ]) {
      await extract(page, from, to);
      await expect(alert).toHaveText('Invalid page range (1-3)');
      await expect(page.getByLabel('Extraherad text')).toHaveCount(0);
    }
    // two ranges, read in the order given
    await extract(page, '3', '3');
    await expect(alert).toHaveCount(0);
    await page.getByRole('button', { name: 'Lägg till intervall' }).click();
    const second = page.getByRole('group', { name: 'Intervall 2' });
    await second.getByLabel('Från sida').fill('1');
    await second.getByLabel('Till sida').fill('1');
    await page.getByRole('button', { name: 'Extrahera text' }).click();
    await expect(page.getByLabel('Extraherad text')).toHaveValue(
      'Third page paragraph about the Board.\n\nFinal words.\n\nPage one title\n\nThis page is not extracted.',
    );

    // text but no key
    await translateButton(page).click();
    await expect(step(page, 'Översätt').getByRole('alert')).toHaveText('Please enter your OpenAI API key');
    await expect(page.getByLabel('OpenAI API-nyckel')).toBeFocused();
    expect(fake.calls).toHaveLength(0);
  });

  test('long text is translated in chunks, in order, with progress', async ({ page }) => {
    fake.delayMs = 900;
    await loggedIn(page);
    await upload(page, 'lång.pdf', LONG_PDF);
    await expect(page.getByTestId('file-pages')).toHaveText('10');
    await page.getByRole('button', { name: 'Extrahera text' }).click();
    const text = page.getByLabel('Extraherad text');
    await expect(text).toHaveValue(/^Page 1 paragraph 1 starts here\./);
    await expect(page.getByTestId('text-stats')).toContainText('översätts i 3 delar');
    await configure(page);

    await translateButton(page).click();
    const progress = page.getByTestId('translate-progress');
    await expect(progress).toHaveText('Översätter del 1 av 3…');
    await expect(progress).toHaveText('Översätter del 2 av 3…');
    await expect(progress).toHaveText('Översätter del 3 av 3…');
    await expect(page.getByText('Klart! Alla 3 delar är översatta.')).toBeVisible();

    // three calls, in the text's order, each at most ~3000 estimated tokens
    expect(fake.calls).toHaveLength(3);
    const users = fake.calls.map((c) => c.body.messages[1].content);
    for (const [i, u] of users.entries()) {
      expect(u.length / 4).toBeLessThanOrEqual(3000);
      expect(fake.calls[i].body.messages[0].content).toContain(`part ${i + 1} of 3`);
    }
    expect(users[0].startsWith('Page 1 paragraph 1 starts here.')).toBe(true);
    expect(users[2].endsWith('It keeps going with a little more text to reach the size.')).toBe(true);
    expect(users.join('\n\n')).toBe(await text.inputValue()); // cut at blank lines: nothing lost

    // joined by blank lines: all 60 paragraphs, in order
    const paragraphs = page.getByTestId('review-text').locator('p');
    await expect(paragraphs).toHaveCount(60);
    const starts = await paragraphs.evaluateAll((ps) => ps.map((p) => p.textContent?.split(' starts here')[0]));
    expect(starts).toEqual(
      Array.from({ length: 60 }, (_, k) => `SV: Page ${Math.floor(k / 6) + 1} paragraph ${(k % 6) + 1}`),
    );
  });

  test('service errors: 401, 429, 5xx, context length and no answer each show their message', async ({ page }) => {
    await loggedIn(page);
    await upload(page, 'kort.pdf', SMALL_PDF);
    await page.getByRole('button', { name: 'Extrahera text' }).click();
    await expect(page.getByLabel('Extraherad text')).not.toHaveValue('');
    await configure(page);
    const alert = step(page, 'Översätt').getByRole('alert');

    const cases: [number, unknown, string][] = [
      [
        401,
        {
          error: {
            message: 'Incorrect API key provided: sk-e2e.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
        'Invalid API key provided...',
      ],
      [
        429,
        { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } },
        'För många förfrågningar till översättningstjänsten just nu (rate limit). Vänta en stund och försök igen.',
      ],
      [500, { error: { message: 'The server had an error', type: 'server_error', code: null } }, SERVER_ERROR],
      [503, 'Service Unavailable', SERVER_ERROR],
      [
        400,
        {
          error: {
            message: "This model's maximum context length is 128000 tokens.",
            type: 'invalid_request_error',
            code: 'context_length_exceeded',
          },
        },
        'Texten är för lång för modellen (context length). Välj färre sidor eller kortare text och försök igen.',
      ],
    ];
    for (const [status, body, message] of cases) {
      fake.mode = { kind: 'status', status, body };
      await translateButton(page).click();
      await expect(alert).toHaveText(message);
      await expect(page.getByTestId('review-text')).toHaveAttribute('lang', 'en'); // nothing translated
    }
    expect(fake.calls).toHaveLength(cases.length); // no retry on an HTTP error

    // no answer at all (nothing listens there): the plain-fetch fallback fails too
    await page.getByLabel('Tjänstens adress (bas-URL)').fill('http://127.0.0.1:9/v1');
    await translateButton(page).click();
    await expect(alert).toHaveText(
      'Fick inget svar från översättningstjänsten. Kontrollera nätverket och tjänstens adress och försök igen.',
    );
  });

  test('a failing chunk stops the job and keeps the chunks before it', async ({ page }) => {
    fake.mode = { kind: 'fail-after', okCalls: 1, status: 500, body: { error: { message: 'boom' } } };
    await loggedIn(page);
    await upload(page, 'lång.pdf', LONG_PDF);
    await page.getByRole('button', { name: 'Extrahera text' }).click();
    await expect(page.getByLabel('Extraherad text')).toHaveValue(/^Page 1 paragraph 1/);
    await configure(page);
    await translateButton(page).click();

    await expect(step(page, 'Översätt').getByRole('alert')).toHaveText(
      `Översättningen stoppades vid del 2 av 3: ${SERVER_ERROR}`,
    );
    await expect(page.getByTestId('partial-note')).toHaveText(
      '1 av 3 delar hann översättas. De finns kvar nedan och kan laddas ner.',
    );
    expect(fake.calls).toHaveLength(2); // stopped: chunk 3 was never sent

    // the first chunk's translation is shown and exported
    const review = page.getByTestId('review-text');
    await expect(review).toHaveAttribute('lang', 'sv');
    await expect(review.locator('p').first()).toHaveText(/^SV: Page 1 paragraph 1 starts here\./);
    await expect(page.getByText('Översättningen är ofullständig')).toBeVisible();
    const firstChunk = fake.calls[0].body.messages[1].content.split('\n\n');
    const docx = await download(page);
    const exported = docxParagraphs(docx.xml);
    expect(exported).toEqual(firstChunk.map((p) => `SV: ${p}`));
    expect(exported.join(' ')).not.toContain('Page 10 ');

    // trying again translates everything
    fake.mode = { kind: 'ok' };
    await page.getByRole('button', { name: 'Översätt igen' }).click();
    await expect(page.getByText('Klart! Alla 3 delar är översatta.')).toBeVisible();
    await expect(review.locator('p')).toHaveCount(60);
  });

  test('pdf.js, its worker and docx load only on /translate, and only when needed', async ({ page }) => {
    const heavy: string[] = [];
    page.on('request', (r) => {
      const m = r.url().match(/\/assets\/(pdf-(?!text-)[\w-]+\.js|pdf\.worker[\w.-]*\.mjs|docx-[\w-]+\.js)$/);
      if (m) heavy.push(m[1].startsWith('pdf.worker') ? 'worker' : m[1].split('-')[0]);
    });
    await page.goto('/');
    await expect(page.locator('main')).toBeVisible();
    await page.goto('/about');
    await expect(page.locator('main')).toBeVisible();
    await loggedIn(page);
    expect(heavy).toEqual([]); // not on reader pages, not before a file is chosen

    await upload(page, 'tre.pdf', SMALL_PDF);
    await expect(page.getByTestId('file-pages')).toHaveText('3');
    expect([...new Set(heavy)].sort()).toEqual(['pdf', 'worker']);

    await page.getByRole('button', { name: 'Extrahera text' }).click();
    await expect(page.getByLabel('Extraherad text')).not.toHaveValue('');
    await configure(page);
    await translateButton(page).click();
    await expect(page.getByText('Klart! Texten är översatt.')).toBeVisible();
    expect(heavy).not.toContain('docx');
    await download(page);
    expect(heavy).toContain('docx');
  });

  test('the key is kept in this tab unless "Kom ihåg nyckeln" is ticked', async ({ page }) => {
    await loggedIn(page);
    const key = page.getByLabel('OpenAI API-nyckel');
    await expect(key).toHaveAttribute('type', 'password');
    await key.fill('sk-kvar-i-fliken');
    await page.getByRole('button', { name: 'Visa' }).click();
    await expect(key).toHaveAttribute('type', 'text');
    const stored = () => storedKey(page);
    expect(await stored()).toEqual({ session: 'sk-kvar-i-fliken', local: null });

    await page.getByLabel('Kom ihåg nyckeln').check();
    expect(await stored()).toEqual({ session: null, local: 'sk-kvar-i-fliken' });
    await page.reload();
    await expect(page.getByLabel('OpenAI API-nyckel')).toHaveValue('sk-kvar-i-fliken');
    await expect(page.getByLabel('Kom ihåg nyckeln')).toBeChecked();

    await page.getByLabel('Kom ihåg nyckeln').uncheck();
    expect(await stored()).toEqual({ session: 'sk-kvar-i-fliken', local: null });

    // remembered keys belong to one account: another login in this browser starts empty
    await page.getByLabel('Kom ihåg nyckeln').check();
    const other = { username: `e2e_tr2_${run}`, password: USER.password };
    expect((await page.request.post('/api/register', { data: other })).status()).toBe(201);
    const login = await page.request.post('/api/login', { data: other });
    const { access_token, user_id } = await login.json();
    await page.evaluate(
      ([t, id]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('userId', id);
      },
      [access_token, String(user_id)],
    );
    await page.reload();
    await expect(page.getByLabel('OpenAI API-nyckel')).toHaveValue('');
    await expect(page.getByLabel('Kom ihåg nyckeln')).not.toBeChecked();
  });
});
