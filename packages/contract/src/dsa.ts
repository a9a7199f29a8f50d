/**
 * Issue 43: the EU Digital Services Act for our comments — notice and action (Art. 16), statements
 * of reasons (Art. 17), appeals (Art. 20) and a transparency report (Art. 15/24). Browser-safe;
 * the zod schemas are in dsa-schemas.ts.
 */

/** What a notifier says is illegal: the kinds, as Swedish law names them. */
export const DSA_KINDS = [
  'hot',
  'hets',
  'fortal',
  'integritet',
  'upphovsratt',
  'bedrageri',
  'terrorism',
  'barn',
  'annat',
] as const;
export type DsaKind = (typeof DSA_KINDS)[number];
export const DSA_KIND_LABELS: Record<DsaKind, string> = {
  hot: 'Olaga hot',
  hets: 'Hets mot folkgrupp',
  fortal: 'Förtal eller förolämpning',
  integritet: 'Olaga integritetsintrång',
  upphovsratt: 'Intrång i upphovsrätt',
  bedrageri: 'Bedrägeri',
  terrorism: 'Terroristbrott eller uppmaning till brott',
  barn: 'Sexuella övergrepp mot barn',
  annat: 'Annat olagligt innehåll',
};

/** A moderator's decision on a notice. */
export const DSA_ACTIONS = ['removed', 'no_action'] as const;
export type DsaAction = (typeof DSA_ACTIONS)[number];
export const DSA_ACTION_LABELS: Record<DsaAction, string> = {
  removed: 'Innehållet togs bort',
  no_action: 'Ingen åtgärd',
};

/** The ground of a removal: the law, or the paper's rules for comments. */
export const DSA_GROUNDS = ['illegal', 'terms'] as const;
export type DsaGround = (typeof DSA_GROUNDS)[number];
export const DSA_GROUND_LABELS: Record<DsaGround, string> = {
  illegal: 'Olagligt innehåll enligt svensk lag',
  terms: 'Bryter mot Väggens regler för kommentarer',
};

/** The outcome of an appeal: the decision stands, or it is reversed (the comment comes back). */
export const DSA_APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type DsaAppealOutcome = (typeof DSA_APPEAL_OUTCOMES)[number];
export const DSA_APPEAL_OUTCOME_LABELS: Record<DsaAppealOutcome, string> = {
  upheld: 'Beslutet står fast',
  reversed: 'Beslutet ändras: kommentaren visas igen',
};

/** Art. 20: an appeal may be made within six months of the decision. */
export const DSA_APPEAL_MONTHS = 6;
export const DSA_TEXT_MAX = 5000;
export const DSA_NAME_MAX = 120;
export const DSA_URL_MAX = 2000;
export const DSA_PAGE = 20;
export const DSA_PAGE_MAX = 100;
/** Notices one address may send per hour. */
export const DSA_NOTICES_PER_HOUR = 20;

export const DSA_MSG = {
  urlInvalid: 'Ange adressen till en artikel eller en kommentar på Väggen.',
  kindRequired: 'Välj vilken sorts olagligt innehåll det gäller',
  explanationRequired: 'Förklara varför innehållet är olagligt',
  explanationTooLong: `Förklaringen får vara högst ${DSA_TEXT_MAX} tecken`,
  goodFaith: 'Du måste intyga att uppgifterna är riktiga och lämnas i god tro',
  emailInvalid: 'Ogiltig e-postadress',
  received: (caseNumber: string) =>
    `Tack! Din anmälan har tagits emot med ärendenummer ${caseNumber}. Vi prövar den så snart vi kan.`,
  tooMany: 'Du har skickat många anmälningar på kort tid. Vänta en stund och försök igen.',
  noticeNotFound: 'Anmälan finns inte',
  alreadyDecided: 'Anmälan är redan prövad',
  decisionTextRequired: 'Skriv en motivering',
  caseNotFound: 'Ärendet finns inte, eller så är det inte ditt',
  appealTooLate: `Tiden för att överklaga har gått ut (${DSA_APPEAL_MONTHS} månader efter beslutet)`,
  appealAlready: 'Beslutet är redan överklagat',
  appealTextRequired: 'Skriv varför du vill att beslutet ändras',
  appealReceived: 'Din överklagan har tagits emot. En annan moderator än den som fattade beslutet prövar den.',
  appealSameModerator: 'En överklagan ska prövas av en annan moderator än den som fattade beslutet',
  appealNotOpen: 'Överklagan är redan avgjord',
  transparencyRange: 'Ange en period med från- och tilldatum (ÅÅÅÅ-MM-DD), högst fem år',
} as const;
