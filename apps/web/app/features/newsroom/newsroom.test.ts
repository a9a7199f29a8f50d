import { mayEditArticle, type User, uploadFailedMessage } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { creditField, imagesWithoutAlt } from './image-texts';
import { contentToEditorHtml, hasContent, imageUrlOf, normaliseLinkUrl, pastedUrl } from './paste';
import { isoToStockholmLocal, stockholmLocalToIso } from './schedule';
import { statusToSend } from './workflow';

const user = (id: number, account_type: User['account_type']): User => ({
  id,
  user_id: id,
  username: `u${id}`,
  account_type,
  is_admin: account_type === 'admin',
  profile_picture: null,
  full_name: null,
  email: null,
  last_login: null,
});

describe('mayEditArticle (spec 000 §6)', () => {
  it('lets an admin edit any article', () => {
    expect(mayEditArticle(user(1, 'admin'), { author_id: 2 })).toBe(true);
    expect(mayEditArticle(user(1, 'admin'), { author_id: null })).toBe(true);
  });
  it('lets a writer edit only by author id', () => {
    expect(mayEditArticle(user(5, 'writer'), { author_id: 5 })).toBe(true);
    expect(mayEditArticle(user(5, 'writer'), { author_id: 6 })).toBe(false);
    expect(mayEditArticle(user(5, 'writer'), { author_id: null })).toBe(false);
  });
  it('never lets readers or visitors edit', () => {
    expect(mayEditArticle(user(5, 'user'), { author_id: 5 })).toBe(false);
    expect(mayEditArticle(null, { author_id: 5 })).toBe(false);
  });
});

describe('paste rules (spec 000 §2)', () => {
  it('recognises a single pasted web address', () => {
    expect(pastedUrl('  https://example.se/a?b=1 ')).toBe('https://example.se/a?b=1');
    expect(pastedUrl('http://example.se')).toBe('http://example.se');
    expect(pastedUrl('see https://example.se')).toBeNull();
    expect(pastedUrl('javascript:alert(1)')).toBeNull();
    expect(pastedUrl('ftp://example.se/x')).toBeNull();
    expect(pastedUrl('')).toBeNull();
  });
  it('treats image file endings as images, everything else as links', () => {
    expect(imageUrlOf('https://cdn.example.se/p/bild.JPG')).toBe('https://cdn.example.se/p/bild.JPG');
    expect(imageUrlOf('https://cdn.example.se/p/bild.webp?w=800')).toBe('https://cdn.example.se/p/bild.webp?w=800');
    expect(imageUrlOf('https://example.se/artikel/png')).toBeNull();
    expect(imageUrlOf('https://example.se/')).toBeNull();
  });
  it('normalises typed link addresses and refuses dangerous schemes', () => {
    expect(normaliseLinkUrl('example.se/sida')).toBe('https://example.se/sida');
    expect(normaliseLinkUrl('https://example.se')).toBe('https://example.se');
    expect(normaliseLinkUrl('mailto:red@example.se')).toBe('mailto:red@example.se');
    expect(normaliseLinkUrl('/category/sport')).toBe('/category/sport');
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('data:text/html,x')).toBeNull();
    expect(normaliseLinkUrl('//evil.example')).toBeNull();
    expect(normaliseLinkUrl('   ')).toBeNull();
  });
});

describe('editor content', () => {
  it('turns plain-text articles into escaped paragraphs and keeps HTML', () => {
    expect(contentToEditorHtml('Första & 1 < 2\n\nAndra\nraden')).toBe(
      '<p>Första &amp; 1 &lt; 2</p><p>Andra raden</p>',
    );
    expect(contentToEditorHtml('<p>Hej</p>')).toBe('<p>Hej</p>');
    expect(contentToEditorHtml('')).toBe('');
  });
  it('counts text or an image as content, like the server', () => {
    expect(hasContent('<p></p>')).toBe(false);
    expect(hasContent('<p>   </p>')).toBe(false);
    expect(hasContent('<p>Text</p>')).toBe(true);
    expect(hasContent('<img src="/uploads/a.webp">')).toBe(true);
  });
  it('formats the upload failure text of spec 000 §8', () => {
    expect(uploadFailedMessage(415, 'Unsupported Media Type')).toBe(
      'Failed to upload image: 415 Unsupported Media Type',
    );
  });
});

describe('scheduling in Stockholm time', () => {
  it('converts the wall clock both ways, summer and winter', () => {
    expect(stockholmLocalToIso('2026-06-01T08:30')).toBe('2026-06-01T06:30:00.000Z');
    expect(stockholmLocalToIso('2026-01-15T08:30')).toBe('2026-01-15T07:30:00.000Z');
    expect(isoToStockholmLocal('2026-06-01T06:30:00.000Z')).toBe('2026-06-01T08:30');
    expect(stockholmLocalToIso('i morgon')).toBeNull();
  });
});

describe('statusToSend (decision 019: a save without a status publishes)', () => {
  it('always names a status, so "Spara ändringar" never publishes a draft by accident', () => {
    expect(statusToSend('keep', 'draft')).toBe('draft');
    expect(statusToSend('keep', 'scheduled')).toBe('scheduled');
    expect(statusToSend('keep', 'unpublished')).toBe('unpublished');
    expect(statusToSend('keep', 'published')).toBe('published');
    expect(statusToSend('keep', null)).toBe('published'); // "Publicera artikel" on a new one
    expect(statusToSend('draft', 'published')).toBe('draft');
    expect(statusToSend('published', 'draft')).toBe('published');
  });
});

describe('inline image texts (issue 14)', () => {
  it('shows a credit without the "Foto:" the page adds back; other prefixes stay', () => {
    expect(creditField(' Foto:  Anna   Berg ')).toBe('Anna Berg');
    expect(creditField('foto: TT')).toBe('TT');
    expect(creditField('Bild: NASA')).toBe('Bild: NASA');
  });
  it('counts the featured and the inline images without alt text', () => {
    const figure = (alt: string) => `<figure><img src="/a.webp" alt="${alt}"><figcaption>Text</figcaption></figure>`;
    expect(imagesWithoutAlt('', '', figure('Bron'))).toBe(0);
    expect(imagesWithoutAlt('', '', figure('') + figure(' ') + figure('Bron'))).toBe(2);
    expect(imagesWithoutAlt('/f.webp', '', '<figure><img src="/a.webp"></figure>')).toBe(2);
    expect(imagesWithoutAlt('/f.webp', 'Huvudbild', '<p>ingen bild</p>')).toBe(0);
  });
});
