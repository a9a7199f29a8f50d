import { USERS_MSG } from '@vaggen/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, userWithToken } from '../../../test/auth-helpers.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';

// Issue 17 finding 5, the rest of it: public pages never reference a third-party image host (also
// for pictures stored before the fix), and changing one's picture is rate-limited per person.
describe.each(dialects)('profile pictures on public pages (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('shows only pictures on our own origin in comment threads and bylines', async () => {
    const writer = await userWithToken(t, 'bildskribent', 'writer');
    const reader = await userWithToken(t, 'bildlasare', 'user');
    // Stored before issue 17 (or written straight into the table): third-party and protocol-relative.
    await t.dbh.db
      .updateTable('users')
      .set({ profile_picture: 'https://tracker.example/px.gif' })
      .where('id', '=', writer.id)
      .execute();
    await t.dbh.db
      .updateTable('users')
      .set({ profile_picture: '//tracker.example/px.gif' })
      .where('id', '=', reader.id)
      .execute();
    const art = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title: 'Bilder från andra värdar', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    expect(art.statusCode).toBe(201);
    const article = art.json();
    const shown = await t.app.inject(`/api/articles/${article.id}`);
    expect(shown.json().author_profile_picture).toBeNull();
    expect(shown.body).not.toContain('tracker.example');

    const c = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: reader.headers,
      payload: { articleId: article.id, content: 'Min bild finns på en annan värd.' },
    });
    expect(c.statusCode).toBe(201);
    const thread = await t.app.inject(`/api/comments?articleId=${article.id}`);
    expect(thread.json()[0].author_profile_picture).toBeNull();
    expect(thread.body).not.toContain('tracker.example');

    // Our own pictures are shown as before (set through the profile: the cached thread goes, issue 13).
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: reader.headers,
      payload: { profile_picture: '/uploads/abc.webp' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const again = await t.app.inject(`/api/comments?articleId=${article.id}`);
    expect(again.json()[0].author_profile_picture).toBe('/uploads/abc.webp');
  });

  // Issue 40, finding 3: "/\\evil.example/track.png" (and "/\t/evil…") was stored and shown in public
  // comments; browsers read it as http://evil.example/…, past the re-hosting that stops tracking pixels.
  it('takes only pictures the app serves, or re-hosts them; a path that leaves the site is refused and never shown', async () => {
    const reader = await userWithToken(t, 'sneda', 'user');
    const put = (profile_picture: string) =>
      t.app.inject({ method: 'PUT', url: '/api/profile', headers: reader.headers, payload: { profile_picture } });
    for (const bad of [
      '/\\evil.example/track.png',
      '/\t/evil.example/track.png',
      '/\\/evil.example/track.png',
      '/uploads/../\\evil.example/x.png',
      'javascript:alert(1)',
      '/bild.png',
    ]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({ msg: USERS_MSG.pictureUrlInvalid });
    }
    for (const ok of ['/uploads/abc123.webp', '/api/avatar?name=Sara%20Sned&size=96', '']) {
      expect((await put(ok)).statusCode, ok).toBe(200);
    }
    // One stored earlier (or straight into the table) is not shown on any public answer.
    await t.dbh.db
      .updateTable('users')
      .set({ profile_picture: '/\\evil.example/track.png' })
      .where('id', '=', reader.id)
      .execute();
    const writer = await userWithToken(t, 'snedskribent', 'writer');
    await t.dbh.db
      .updateTable('users')
      .set({ profile_picture: '/\t/evil.example/track.png' })
      .where('id', '=', writer.id)
      .execute();
    const art = await t.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: writer.headers,
      payload: { title: 'Snett streck', content: '<p>Text.</p>', category: 'NYHETER' },
    });
    const article = art.json();
    expect(article.author_profile_picture).toBeNull();
    const c = await t.app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: reader.headers,
      payload: { articleId: article.id, content: 'Min bild pekar bort.' },
    });
    expect(c.statusCode).toBe(201);
    const thread = await t.app.inject(`/api/comments?articleId=${article.id}`);
    expect(thread.json()[0].author_profile_picture).toBeNull();
    expect(thread.body).not.toContain('evil.example');
    expect((await t.app.inject(`/api/articles/${article.id}`)).body).not.toContain('evil.example');
  });

  it('limits new profile pictures to 20 an hour per person, with the wait', async () => {
    const u = await userWithToken(t, 'bildbytare', 'user');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const upload = () => {
      const form = multipart({}, [{ field: 'file', filename: 'bild.png', type: 'image/png', data: png }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/profile/picture',
        headers: { ...u.headers, ...form.headers },
        payload: form.payload,
      });
    };
    for (let i = 1; i <= 20; i++) expect((await upload()).statusCode, `upload ${i}`).toBe(200);
    const refused = await upload();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(
      /^Du har bytt profilbild många gånger på kort tid\. Vänta en stund och försök igen\./,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    // Another person is not affected.
    const other = await userWithToken(t, 'bildannan', 'user');
    const form = multipart({}, [{ field: 'file', filename: 'bild.png', type: 'image/png', data: png }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/profile/picture',
      headers: { ...other.headers, ...form.headers },
      payload: form.payload,
    });
    expect(ok.statusCode).toBe(200);
  });
});
