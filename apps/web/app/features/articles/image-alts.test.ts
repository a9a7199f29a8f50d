import { describe, expect, it } from 'vitest';
import { fillImageAlts } from './image-alts';

describe('fillImageAlts (issue 14: a page never shows an image with an empty alt)', () => {
  it('keeps alt text that is there', () => {
    const html = '<figure><img src="/uploads/a.webp" alt="Bron" /><figcaption>Bron i maj</figcaption></figure>';
    expect(fillImageAlts(html, 'Rubrik')).toBe(html);
  });

  it('falls back to the caption without its credit, then to the title', () => {
    const html =
      '<figure><img src="/a.webp" alt="" /><figcaption>Bron &amp; älven "i maj" <span class="credit">Foto: Anna</span></figcaption></figure>' +
      '<figure><img src="/b.webp" /><figcaption><span class="credit">Foto: Anna</span></figcaption></figure>' +
      '<p>text</p><img src="/c.webp" alt=" " />';
    expect(fillImageAlts(html, 'Ny bro')).toBe(
      '<figure><img src="/a.webp" alt="Bron &amp; älven &quot;i maj&quot;" /><figcaption>Bron &amp; älven "i maj" <span class="credit">Foto: Anna</span></figcaption></figure>' +
        '<figure><img src="/b.webp" alt="Ny bro" /><figcaption><span class="credit">Foto: Anna</span></figcaption></figure>' +
        '<p>text</p><img src="/c.webp" alt="Ny bro" />',
    );
  });

  it('leaves HTML without images alone', () => {
    expect(fillImageAlts('<p>alt=""</p>', 'T')).toBe('<p>alt=""</p>');
  });
});
