// Writes apps/web/public/media/vaggen-mediakit-2025.pdf, the media kit linked from /annonsera.
// A dependency-free, one-page PDF 1.4 (standard Helvetica fonts, WinAnsi encoding), so it can be
// rebuilt anywhere: `node apps/web/app/features/static-pages/media-kit/generate.mjs`.
// Figures come from spec 001 §9 (45 % newsletter open rate, 54/46 gender split).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../../../../public/media/vaggen-mediakit-2025.pdf');

const W = 595;
const H = 842;
const M = 56;
const RED = [0.725, 0.11, 0.11];
const INK = [0.1, 0.1, 0.1];
const MUTED = [0.36, 0.36, 0.36];

/** Rough Helvetica advance widths (em) — enough to wrap lines. */
function width(text, size, bold) {
  let w = 0;
  for (const ch of text) {
    if ("il.,:;'|!".includes(ch)) w += 0.26;
    else if (' fjtr()-'.includes(ch)) w += 0.32;
    else if ('mwMW'.includes(ch)) w += 0.85;
    else if (ch >= 'A' && ch <= 'Z') w += 0.68;
    else if ('ÅÄÖ'.includes(ch)) w += 0.68;
    else if (ch >= '0' && ch <= '9') w += 0.56;
    else w += 0.54;
  }
  return w * size * (bold ? 1.06 : 1);
}

function wrap(text, size, max, bold = false) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (width(next, size, bold) > max && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal in WinAnsi (Latin-1 plus –, • and ”). */
function str(text) {
  let s = '';
  for (const ch of text) {
    if (ch === '–') s += '\\226';
    else if (ch === '•') s += '\\225';
    else if (ch === '”') s += '\\224';
    else if (ch === '(' || ch === ')' || ch === '\\') s += `\\${ch}`;
    else {
      const c = ch.charCodeAt(0);
      if (c > 255) throw new Error(`not encodable: ${ch}`);
      s += c > 126 ? `\\${c.toString(8).padStart(3, '0')}` : ch;
    }
  }
  return `(${s})`;
}

const ops = [];
const rgb = (c, stroke = false) => `${c.map((v) => v.toFixed(3)).join(' ')} ${stroke ? 'RG' : 'rg'}`;
function text(x, y, t, { size = 10.5, bold = false, color = INK } = {}) {
  ops.push(`BT ${rgb(color)} /${bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(1)} ${y.toFixed(1)} Td ${str(t)} Tj ET`);
}
function rect(x, y, w, h, color) {
  ops.push(`${rgb(color)} ${x} ${y} ${w} ${h} re f`);
}
let y = H;
function para(t, { size = 10.5, bold = false, color = INK, x = M, max = W - 2 * M, lead = 1.45 } = {}) {
  for (const l of wrap(t, size, max, bold)) {
    y -= size * lead;
    text(x, y, l, { size, bold, color });
  }
}
function heading(t) {
  y -= 22;
  text(M, y, t.toUpperCase(), { size: 11, bold: true, color: RED });
  ops.push(`${rgb(RED, true)} 1 w ${M} ${y - 5} m ${W - M} ${y - 5} l S`);
  y -= 6;
}

// Masthead
rect(0, H - 110, W, 110, RED);
text(M, H - 58, 'VÄGGEN', { size: 34, bold: true, color: [1, 1, 1] });
text(M, H - 84, 'På en vägg nära dig', { size: 13, color: [1, 0.9, 0.9] });
text(W - M - width('Mediekit 2025', 18, true), H - 62, 'Mediekit 2025', { size: 18, bold: true, color: [1, 1, 1] });
y = H - 110;

heading('Om Väggen');
para(
  'Väggen är en oberoende nyhetssajt på svenska med nyheter, politik, ekonomi, opinion, världen, kultur, krönikor, sport och teknik. Alla artiklar är öppna för alla att läsa. Våra läsare kommer till oss för att förstå vad som händer – och stannar för sammanhanget.',
);

heading('Vår publik');
y -= 8;
const boxTop = y;
text(M, y - 34, '45 %', { size: 34, bold: true, color: RED });
text(M, y - 52, 'öppnar vårt nyhetsbrev', { size: 10.5, bold: true });
text(M, y - 66, 'genomsnitt per utskick', { size: 9.5, color: MUTED });
const gx = M + 250;
text(gx, y - 34, '54/46', { size: 34, bold: true, color: RED });
text(gx, y - 52, 'kvinnor och män bland läsarna', { size: 10.5, bold: true });
rect(gx, y - 72, 0.54 * 230, 9, RED);
rect(gx + 0.54 * 230, y - 72, 0.46 * 230, 9, INK);
text(gx, y - 86, 'Kvinnor 54 %', { size: 9, color: MUTED });
text(gx + 230 - width('Män 46 %', 9), y - 86, 'Män 46 %', { size: 9, color: MUTED });
y = boxTop - 96;

heading('Annonsformer');
const formats = [
  [
    'Banner',
    'Kvadrat 300 × 300 px i sidospalten på startsidan, i kategorierna och vid artiklarna (leverera 600 × 600 px för skarpa skärmar), samt bred banner.',
  ],
  ['Native-annons', 'I samma form som våra artikelkort, mitt i nyhetsflödet och alltid märkt som annons.'],
  ['Nyhetsbrev', 'En annonsör per utskick, i brevet som läsarna själva har valt att få.'],
  [
    'Sponsrat innehåll',
    'Artiklar som tas fram med vår annonsavdelning – aldrig med redaktionen – märkta ”Sponsrat innehåll”.',
  ],
  ['Paketlösning', 'Flera format under en kampanjperiod, sammansatta efter era mål och er budget.'],
  ['Annat', 'Evenemang, tävlingar eller en egen idé – vi hittar en form tillsammans.'],
];
for (const [name, desc] of formats) {
  y -= 16;
  text(M, y, name, { size: 10.5, bold: true });
  const lines = wrap(desc, 10, W - 2 * M - 130);
  for (const [i, l] of lines.entries()) text(M + 130, y - i * 13.5, l, { size: 10 });
  y -= (lines.length - 1) * 13.5;
}

heading('Material och regler');
para(
  'Bilder levereras som JPEG, PNG eller WebP, högst 10 MB, med en länk dit annonsen ska leda. Servern kodar om bilderna och tar bort all metadata.',
  { size: 10 },
);
para(
  'Alla annonser märks tydligt och påverkar aldrig vad redaktionen skriver. Vi använder inga spårare och inga annonsnätverk: ni når läsarna genom sammanhanget, inte genom deras data. Vi tackar nej till annonser som strider mot lag, är vilseledande eller kan förväxlas med redaktionellt innehåll.',
  { size: 10 },
);

heading('Boka och fråga');
para(
  'Skicka en förfrågan via formuläret på /annonsera, mejla annons@vaggen.example eller ring 08-465 004 30 (vardagar 8–17). Vi svarar inom en arbetsdag med förslag och priser.',
  { size: 10.5 },
);

// Footer
ops.push(`${rgb([0.85, 0.84, 0.8], true)} 0.8 w ${M} 52 m ${W - M} 52 l S`);
text(M, 36, 'Väggen Media AB • Tidningsgränd 4, 111 29 Stockholm • annons@vaggen.example', { size: 8.5, color: MUTED });

const content = ops.join('\n');
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  `<< /Title ${str('Väggen – Mediekit 2025')} /Author ${str('Väggen Media AB')} /Subject ${str('Annonsera hos Väggen')} /CreationDate (D:20250315000000Z) >>`,
];
let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
objects.forEach((body, i) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, Buffer.from(pdf, 'latin1'));
console.log(`wrote ${out} (${fs.statSync(out).size} bytes)`);
