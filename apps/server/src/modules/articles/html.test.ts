import { describe, expect, it } from 'vitest';
import { cleanArticleHtml } from './html.js';

/** XSS payloads: event handlers, javascript: in links and images, SVG, nested and malformed tags, encoded schemes. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<img src=&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)>',
  '<img src="jav&#x09;ascript:alert(1);">',
  '<img src=" &#14;  javascript:alert(1);">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="x" onclick="alert(1)">x</a>',
  '<a href="x" onmouseover=alert(1)>x</a>',
  '<p onmouseover="alert(1)">hover</p>',
  '<body onload=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="x:expression(alert(1))">x</p>',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img """><script>alert(1)</script>">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<textarea autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<table background="javascript:alert(1)">',
  '<a href="//evil.example">protocol-relative</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '"><img src=x onerror=alert(1)>',
  '<img src=x onerror=alert`1`>',
];

const DANGER = [
  /<script/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<form/i,
  /<style/i,
  /<svg/i,
  /<math/i,
  /<link/i,
  /<meta/i,
  /<base/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:text/i,
  /style=/i,
  /href="\/\//i,
];

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
});
