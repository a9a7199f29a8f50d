import { describe, expect, it } from 'vitest';
import { contentToText, makeExcerpt } from './content.js';

describe('contentToText', () => {
  it('drops inline tags without adding spaces, and separates blocks', () => {
    expect(contentToText('<p>Beslutet blev <strong>ja</strong>.</p><p>Nästa <a href="/x">steg</a>, sen.</p>')).toBe(
      'Beslutet blev ja. Nästa steg, sen.',
    );
    expect(contentToText('<h2>Rubrik</h2><ul><li>ett</li><li>två</li></ul>rad<br>två')).toBe('Rubrik ett två rad två');
  });

  it('decodes entities and drops scripts and styles', () => {
    expect(contentToText('<p>R&amp;D &#8211; <em>k&ouml;rt</em></p><script>alert(1)</script>')).toMatch(/^R&D – k/);
    expect(contentToText('<style>p{}</style><p>kvar</p>')).toBe('kvar');
  });

  it('leaves plain text as it is, with white space folded', () => {
    expect(contentToText('Första stycket.\n\nAndra  stycket, 3 < 4.')).toBe('Första stycket. Andra stycket, 3 < 4.');
  });
});

describe('makeExcerpt', () => {
  it('cuts at a word boundary with an ellipsis', () => {
    const e = makeExcerpt(`<p>${'ord '.repeat(100)}</p>`, 50);
    expect(e.endsWith('…')).toBe(true);
    expect(e.length).toBeLessThanOrEqual(51);
    expect(e).not.toMatch(/ …$/);
  });

  it("is plain text without an inline image's caption and credit (issue 14)", () => {
    const html =
      '<p>Bron öppnade i dag.</p><figure><img src="/uploads/a.webp" alt="Bron i kvällsljus" />' +
      '<figcaption>Bron i kvällsljus <span class="credit">Foto: Anna Berg</span></figcaption></figure><p>Trafiken rullar.</p>';
    expect(makeExcerpt(html)).toBe('Bron öppnade i dag. Trafiken rullar.');
  });
});
