import { describe, expect, it } from 'vitest';
import { XSS_DANGER as DANGER, XSS_PAYLOADS as PAYLOADS } from '../../../test/fixtures/xss-corpus.js';
import { cleanArticleHtml } from './html.js';

describe('article HTML sanitizer', () => {
  it(`neutralises ${PAYLOADS.length} XSS payloads`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
    for (const payload of PAYLOADS) {
      const out = cleanArticleHtml(`<p>före</p>${payload}<p>efter</p>`);
      for (const re of DANGER) expect(out, `${payload} → ${out}`).not.toMatch(re);
      expect(out).toContain('<p>före</p>');
    }
  });

  it('keeps the article markup writers use', () => {
    const html =
      '<h2>Rubrik</h2><p>Text med <strong>fet</strong>, <em>kursiv</em> och <a href="https://vaggen.se/x" target="_blank">länk</a>.</p>' +
      '<blockquote>Citat</blockquote><ul><li>ett</li></ul><img src="https://vaggen.se/a.webp" alt="Bild">';
    const out = cleanArticleHtml(html);
    expect(out).toContain('<h2>Rubrik</h2>');
    expect(out).toContain('<strong>fet</strong>');
    expect(out).toContain('<a href="https://vaggen.se/x" target="_blank" rel="noopener noreferrer">länk</a>');
    expect(out).toContain('<blockquote>Citat</blockquote>');
    expect(out).toContain('<img src="https://vaggen.se/a.webp" alt="Bild" />');
  });

  it('gives our own uploaded images their responsive widths and drops hand-written srcset', () => {
    const id = 'a'.repeat(24);
    const own = cleanArticleHtml(`<p>x</p><img src="/uploads/${id}.webp" alt="Bron">`);
    expect(own).toBe(
      `<p>x</p><img src="/uploads/${id}.webp" alt="Bron" srcset="/uploads/${id}-w480.webp 480w, /uploads/${id}-w960.webp 960w, /uploads/${id}.webp 1600w" sizes="(max-width: 900px) 100vw, 760px" loading="lazy" />`,
    );
    const foreign = cleanArticleHtml(
      '<img src="https://example.com/a.jpg" srcset="javascript:alert(1) 1x, https://evil.example/t.gif 2x" sizes="1px">',
    );
    expect(foreign).toBe('<img src="https://example.com/a.jpg" />');
  });

  it("keeps an inline image's figure, alt, caption and credit, and nothing else on them (issue 14)", () => {
    const figure =
      '<figure><img src="https://vaggen.se/a.webp" alt="Bron" /><figcaption>Bron i maj <span class="credit">Foto: Anna Berg</span></figcaption></figure>';
    expect(cleanArticleHtml(figure)).toBe(figure);
    expect(
      cleanArticleHtml(
        '<figure class="wide" style="x" onclick="y"><img src="javascript:alert(1)" alt="x"><figcaption title="t">Text ' +
          '<span class="credit hidden" onclick="z">Foto: A</span><iframe src="https://evil.example"></iframe></figcaption></figure>',
      ),
    ).toBe('<figure><figcaption>Text <span class="credit">Foto: A</span></figcaption></figure>');
    expect(cleanArticleHtml('<p><span class="x" style="color:red">a</span></p>')).toBe('<p><span>a</span></p>');
  });
});
