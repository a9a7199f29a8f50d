import { type NewsroomSettings, stockholmDay } from '@vaggen/contract';
import type { OutgoingMail } from '../mail/service.js';
import { escapeHtml, renderMail } from '../mail/templates.js';
import type { SubscriptionPaid } from './events.js';

type Paid = Parameters<typeof SubscriptionPaid>[0];

/** A receipt's dates: the Swedish calendar day (2026-11-29). */
const formatDate = (iso: string) => stockholmDay(Date.parse(iso));

/** "119,00 kr" from öre (a receipt shows öre, unlike the price list). */
export const kronor = (ore: number) => `${(ore / 100).toFixed(2).replace('.', ',')} kr`;

/**
 * Issue 42: the receipt mail for a paid subscription invoice — what was paid, for what period, the
 * VAT in it (Stripe's figure, else the paper's rate), the invoice number and the seller, as a
 * Swedish receipt (kvitto) must name them. Transactional: no unsubscribe link.
 */
export function receiptMail(
  p: Paid,
  to: string,
  paper: Pick<NewsroomSettings, 'vat_percent' | 'publisher_name' | 'address'>,
  siteUrl: string,
): OutgoingMail {
  const vatOre = p.taxOre ?? Math.round((p.amountOre * paper.vat_percent) / (100 + paper.vat_percent));
  const rate = String(paper.vat_percent).replace('.', ',');
  const rows: [string, string][] = [
    ['Datum', formatDate(p.paidAt)],
    ['Abonnemang', p.planName],
    ...(p.periodStart && p.periodEnd
      ? [['Period', `${formatDate(p.periodStart)} – ${formatDate(p.periodEnd)}`] as [string, string]]
      : []),
    ['Belopp', p.currency.toLowerCase() === 'sek' ? kronor(p.amountOre) : `${p.amountOre / 100} ${p.currency}`],
    [`Varav moms (${rate} %)`, kronor(vatOre)],
    ['Kvittonummer', p.invoiceNumber ?? p.invoiceId],
    ...(paper.publisher_name
      ? [['Säljare', [paper.publisher_name, paper.address].filter(Boolean).join(', ')] as [string, string]]
      : []),
  ];
  const table =
    '<table role="presentation" style="border-collapse:collapse;margin:16px 0;font-size:16px">' +
    rows
      .map(
        ([k, v]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;font-weight:600">${escapeHtml(k)}</th>` +
          `<td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
      )
      .join('') +
    '</table>';
  const rendered = renderMail({
    heading: 'Tack för din betalning',
    paragraphs: [`Här är ditt kvitto för ${p.planName}.`],
    blocks: [{ html: table, text: rows.map(([k, v]) => `${k}: ${v}`).join('\n') }],
    button: p.invoiceUrl
      ? { label: 'Visa fakturan hos Stripe', url: p.invoiceUrl }
      : { label: 'Mitt abonnemang', url: `${siteUrl}/profile` },
    note: 'Du kan säga upp abonnemanget när som helst under Mitt abonnemang; det gäller till periodens slut.',
  });
  return { to, subject: `Kvitto från Väggen: ${p.planName}`, kind: 'receipt', ...rendered };
}
