import { GIFT_REDEEM_PATH, monthsText } from '@vaggen/contract';
import type { OutgoingMail } from '../mail/service.js';
import { renderMail } from '../mail/templates.js';

/**
 * Issue 42: the mail to the recipient of a gift subscription — who gave it, what, the buyer's
 * greeting and the redeem link. Transactional (`gift`: its body, with the link, is forgotten once
 * sent); no unsubscribe link.
 */
export function giftMail(
  g: { to: string; from: string; planName: string; months: number; message: string | null; token: string },
  siteUrl: string,
): OutgoingMail {
  const url = `${siteUrl}${GIFT_REDEEM_PATH}/${g.token}`;
  const rendered = renderMail({
    heading: 'Du har fått en prenumeration',
    paragraphs: [
      `${g.from} har gett dig ${g.planName} på Väggen i ${monthsText(g.months)}.`,
      ...(g.message ? [`Hälsning från ${g.from}:\n${g.message}`] : []),
      'Lös in presentkortet med knappen nedan. Du loggar in eller skapar ett konto, och perioden börjar när du löser in det. Den förnyas inte och kostar dig ingenting.',
    ],
    button: { label: 'Lös in presentkortet', url },
    note: 'Presentkortet kan lösas in en gång, inom ett år från köpet. Dela inte länken med andra.',
  });
  return { to: g.to, subject: `${g.from} har gett dig en prenumeration på Väggen`, kind: 'gift', ...rendered };
}
