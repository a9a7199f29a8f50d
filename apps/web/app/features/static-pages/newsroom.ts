/**
 * The newsroom's contact details, shown on /kontakt, /tipsa, /annonsera, /about and
 * /integritetspolicy. Väggen Media AB is the demo newspaper's (fictional) publisher: the telephone
 * numbers are in the ranges PTS keeps for fiction and the addresses use the reserved `.example`
 * domain, so no reader's message or tip can reach a stranger. A real deployment sets its own here.
 */
export const NEWSROOM = {
  company: 'Väggen Media AB',
  street: 'Tidningsgränd 4',
  postcode: '111 29',
  city: 'Stockholm',
  postalAddress: 'Box 4004, 102 61 Stockholm',
  switchboard: '08-465 004 00',
  tipPhone: '08-465 004 11',
  tipSignal: '070-174 06 20',
  newsroomEmail: 'redaktionen@vaggen.example',
  tipsEmail: 'tips@vaggen.example',
  adsEmail: 'annons@vaggen.example',
  adsPhone: '08-465 004 30',
  privacyEmail: 'dataskydd@vaggen.example',
  mediaKit: '/media/vaggen-mediakit-2025.pdf',
} as const;

/** "08-465 004 00" → "tel:+46846500400". */
export const telHref = (n: string) => `tel:+46${n.replace(/\D/g, '').replace(/^0/, '')}`;
