/**
 * Issue 42: reader revenue — plans, subscriptions, the paywall, metering, gift links. Browser-safe:
 * constants, Swedish texts and the one rule of where an article's free part ends (`paywallSplit`).
 * The zod schemas are in revenue-schemas.ts.
 */
import { isHtmlContent, plainTextParagraphs } from './content.js';

/** Who may read an article in full: anyone, a logged-in reader, or a subscriber. */
export const ARTICLE_ACCESS = ['free', 'registered', 'subscribers'] as const;
export type ArticleAccess = (typeof ARTICLE_ACCESS)[number];

/** What the server knows of a page's reader, and the only thing a cached page may vary by. */
export const ACCESS_CLASSES = ['anonymous', 'registered', 'subscriber'] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

/** Whether a reader of this class reads an article of this access level in full. */
export function classReads(cls: AccessClass, access: ArticleAccess): boolean {
  if (access === 'free') return true;
  if (access === 'registered') return cls !== 'anonymous';
  return cls === 'subscriber';
}

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'ended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The paywall point an editor places in the body. */
export const PAYWALL_MARK = '<hr data-paywall="">';
const PAYWALL_RE = /<hr\b[^>]*\bdata-paywall\b[^>]*>/i;

/**
 * An article body's free part and the locked rest: before the first `<hr data-paywall="">`, or,
 * without one, after the first paragraph (`</p>`; plain text: the first blank-line paragraph).
 * The locked part never leaves the server for a reader without access.
 */
export function paywallSplit(content: string): { teaser: string; rest: string } {
  if (isHtmlContent(content)) {
    const m = PAYWALL_RE.exec(content);
    if (m) return { teaser: content.slice(0, m.index).trim(), rest: content.slice(m.index + m[0].length).trim() };
    const end = content.search(/<\/p\s*>/i);
    if (end >= 0) {
      const cut = content.indexOf('>', end) + 1;
      return { teaser: content.slice(0, cut).trim(), rest: content.slice(cut).trim() };
    }
    return { teaser: '', rest: content };
  }
  const paragraphs = plainTextParagraphs(content);
  return { teaser: paragraphs[0] ?? '', rest: paragraphs.slice(1).join('\n\n') };
}

/** The paywall point taken out of a body readers get whole. */
export const withoutPaywallMark = (content: string): string => content.replace(new RegExp(PAYWALL_RE, 'gi'), '');

/** A price in kronor as shown, e.g. "119 kr" or "99,50 kr". */
export function formatSek(kr: number): string {
  return `${Number.isInteger(kr) ? kr : kr.toFixed(2).replace('.', ',')} kr`;
}

/** Gift links work this many days. */
export const GIFT_LINK_DAYS = 14;
export const SUBSCRIBE_PATH = '/prenumerera';
/** Issue 42: where a subscriber makes and revokes gift links (`?artikel=<id>` to make one). */
export const GIFT_LINKS_PATH = '/prenumerera/dela';

export const REVENUE_MSG = {
  planNotFound: 'Planen finns inte',
  planNotOnSale: 'Planen går inte att köpa just nu',
  noPriceForInterval: 'Planen har inget pris för den perioden',
  needsAPrice: 'Ange ett pris per månad eller per år',
  userNotFound: 'Kontot finns inte',
  untilInPast: 'Slutdatumet måste ligga i framtiden',
  paymentNotConfigured: 'Betalning är inte konfigurerad på den här sajten ännu.',
  alreadySubscribed: 'Du har redan ett abonnemang',
  badSignature: 'Ogiltig signatur',
  notSubscriber: 'Bara prenumeranter kan dela artiklar',
  giftLimit: 'Du har delat så många artiklar som du får den här månaden',
  giftNotFound: 'Delningslänken finns inte',
  articleNotFound: 'Artikeln finns inte',
  noSubscription: 'Du har inget abonnemang',
  offerNotFound: 'Erbjudandekoden finns inte',
  offerExpired: 'Erbjudandet har gått ut',
  offerUsedUp: 'Erbjudandet är slut – koden har redan använts så många gånger som den får',
  offerOtherPlan: 'Erbjudandekoden gäller inte för det abonnemanget',
  offerCodeTaken: 'Det finns redan ett erbjudande med den koden',
  offerCodeChars: 'Koden får bara innehålla bokstäver a–z, siffror, bindestreck och understreck',
  offerUntilInPast: 'Sista giltighetsdagen måste vara i dag eller senare',
  offerWithTrial: 'Erbjudandekoder gäller inte abonnemang som börjar med en gratis provperiod',
  // issue 42: gift subscriptions
  giftMonths: 'Välj en period på 1, 3, 6 eller 12 månader',
  giftNoPrice: 'Planen har inget pris som en presentprenumeration kan räknas från',
  giftUnknown: 'Presentkortet finns inte. Kontrollera att du har kopierat hela länken.',
  giftExpired: 'Presentkortet har gått ut och kan inte längre lösas in.',
  giftRedeemed: 'Presentkortet har redan lösts in.',
  giftHasSubscription:
    'Du har redan ett abonnemang som förnyas. Ge presentkortet vidare till någon annan, eller lös in det när ditt abonnemang har upphört.',
} as const;

/** Issue 42: an offer's code as stored and compared (codes are case-insensitive). */
export const normalizeOfferCode = (code: string): string => code.trim().toLowerCase();

/**
 * Issue 42: the first period's price with an offer, in kronor incl. VAT, to the öre — as Stripe
 * takes a percentage off the amount in öre and rounds.
 */
export function offerPrice(price: number, percentOff: number): number {
  const ore = Math.round(price * 100);
  return (ore - Math.round((ore * percentOff) / 100)) / 100;
}

/** Issue 42: the periods a gift subscription can be bought for, in months. */
export const GIFT_MONTHS = [1, 3, 6, 12] as const;
export type GiftMonths = (typeof GIFT_MONTHS)[number];
/** A gift not redeemed within this many days after its purchase can no longer be redeemed. */
export const GIFT_REDEEM_DAYS = 365;
/** Where a reader buys a gift subscription and sees the ones they bought. */
export const GIFT_BUY_PATH = '/prenumerera/ge-bort';
/** Where a gift is redeemed: `/prenumerera/gava/<token>`. */
export const GIFT_REDEEM_PATH = '/prenumerera/gava';
/** The longest greeting a buyer may write to the recipient. */
export const GIFT_MESSAGE_MAX = 300;
export const GIFT_STATUSES = ['available', 'redeemed', 'expired'] as const;
export type GiftStatus = (typeof GIFT_STATUSES)[number];

/**
 * Issue 42: what a gift of `months` months of a plan costs, in kronor incl. VAT: twelve months at
 * the yearly price when the plan has one, else the monthly price times the months; null when the
 * plan has no price to count from (a yearly-only plan gives only 12-month gifts).
 */
export function giftPrice(
  plan: { price_month_sek: number | null; price_year_sek: number | null },
  months: number,
): number | null {
  if (months === 12 && plan.price_year_sek !== null) return plan.price_year_sek;
  if (plan.price_month_sek === null) return null;
  return Math.round(plan.price_month_sek * months * 100) / 100;
}

/** "1 månad", "3 månader". */
export const monthsText = (n: number) => `${n} ${n === 1 ? 'månad' : 'månader'}`;

/** Issue 42: how many days of revenue figures the newsroom may ask for at once. */
export const REVENUE_HISTORY_MAX_DAYS = 400;

export const REVENUE_TEXT = {
  paywallHeading: 'Fortsätt läsa med Väggen Plus',
  paywallRegisteredHeading: 'Logga in för att läsa vidare',
  paywallLead: 'Den här artikeln är för prenumeranter. Välj ett abonnemang och läs vidare direkt.',
  paywallRegisteredLead: 'Den här artikeln är gratis för inloggade läsare.',
  login: 'Logga in',
  register: 'Skapa ett gratis konto',
  subscribe: 'Prenumerera',
  seePlans: 'Se alla erbjudanden',
  perMonth: 'kr/mån',
  perYear: 'kr/år',
  inclVat: (vat: number) => `inkl. ${String(vat).replace('.', ',')} % moms`,
  trial: (days: number) => `${days} dagar gratis`,
  meter: (left: number, of: number) => `${left} av ${of} gratisartiklar kvar denna månad`,
  plansHeading: 'Prenumerera på Väggen',
  withdrawal:
    'Du har enligt lagen om distansavtal 14 dagars ångerrätt. När du köper digitalt innehåll ' +
    'och ber oss ge dig tillgång direkt samtycker du till att ångerrätten upphör när tillgången börjar. ' +
    'Du kan alltid säga upp abonnemanget till periodens slut.',
  terms:
    'Abonnemanget förnyas automatiskt varje period tills du säger upp det. Priset är inklusive moms. ' +
    'Du kan säga upp när som helst under Mitt abonnemang; du behåller tillgången till periodens slut.',
  notConfigured: 'Betalning är inte konfigurerad på den här sajten ännu.',
  myHeading: 'Mitt abonnemang',
  manage: 'Hantera betalning och uppsägning',
  status: {
    trialing: 'Provperiod',
    active: 'Aktivt',
    past_due: 'Betalning saknas',
    canceled: 'Uppsagt, gäller periodens slut',
    ended: 'Avslutat',
  } satisfies Record<SubscriptionStatus, string>,
  access: { free: 'Fri', registered: 'För inloggade', subscribers: 'För prenumeranter' } satisfies Record<
    ArticleAccess,
    string
  >,
  accessLabel: 'Vem får läsa hela artikeln',
  // issue 42: the note under an article a reader reads whole without being a subscriber, or as one
  noteMetered: 'Du läser en av månadens gratisartiklar.',
  noteGift: 'Någon har delat den här artikeln med dig, så du kan läsa den utan abonnemang.',
  noteSubscribeAll: 'Prenumerera för att läsa allt',
  noteShare: 'Som prenumerant kan du ge bort den här artikeln: den du delar med läser den gratis i 14 dagar.',
  shareArticle: 'Dela artikeln',
  giftHeading: 'Dela artiklar',
  giftLead: 'Den som får en delningslänk läser artikeln gratis i 14 dagar, utan att logga in.',
  giftCreate: 'Skapa delningslänk',
  giftCreated: 'Delningslänken är klar. Kopiera den och skicka den till den du vill dela med.',
  giftCopy: 'Kopiera länken',
  giftCopied: 'Länken är kopierad',
  giftMine: 'Mina delningslänkar',
  giftNone: 'Du har inga delningslänkar som gäller just nu.',
  giftRevoke: 'Återkalla',
  giftRevoked: 'Länken är återkallad och fungerar inte längre.',
  giftValidUntil: 'Gäller till',
  giftLoginFirst: 'Logga in för att dela artiklar.',
  historyHeading: 'Utveckling över tid',
  historyEmpty: 'Inga siffror ännu – den första mätningen görs inom en timme och sedan en gång per dygn.',
  historyTable: 'Visa siffrorna som tabell',
  offerLabel: 'Erbjudandekod',
  offerApply: 'Använd koden',
  offerRemove: 'Ta bort koden',
  offerFirst: (interval: 'month' | 'year') => (interval === 'month' ? 'första månaden' : 'första året'),
  giftBuyHeading: 'Ge bort en prenumeration',
  giftBuyLead:
    'Köp en presentprenumeration till någon du tycker om. Du betalar en gång – den förnyas inte – och får en länk som mottagaren löser in.',
  giftBuyButton: 'Till betalning',
  giftBuyTerms:
    'Presentprenumerationen betalas en gång och förnyas inte. Mottagaren löser in den inom ett år; perioden börjar när den löses in. ' +
    'Priset är inklusive moms.',
  giftBuyWithdrawal:
    'Du har 14 dagars ångerrätt så länge presentkortet inte har lösts in. När mottagaren löser in det börjar tillgången och ångerrätten upphör.',
  giftPaidHeading: 'Tack för ditt köp!',
  giftPaidLead:
    'Betalningen är klar. Presentkortet visas i listan nedan inom några sekunder; kopiera länken och ge den till mottagaren.',
  giftMineHeading: 'Presentprenumerationer du har köpt',
  giftMineNone: 'Du har inte köpt några presentprenumerationer.',
  giftStatus: { available: 'Inte inlöst', redeemed: 'Inlöst', expired: 'Utgånget' } satisfies Record<
    GiftStatus,
    string
  >,
  giftRedeemHeading: 'Du har fått en prenumeration',
  giftRedeemButton: 'Lös in presentkortet',
  giftRedeemLogin: 'Logga in för att lösa in',
  giftRedeemRegister: 'skapa ett konto',
  giftRedeemed: (until: string) => `Klart! Du har nu tillgång till allt på Väggen till och med ${until}.`,
  giftLinkLabel: 'Länk till presentkortet',
  giftAdminHeading: 'Presentprenumerationer',
  thanksHeading: 'Tack för din prenumeration!',
  thanksLead: 'Betalningen är klar. Det kan ta några sekunder innan abonnemanget syns under Mitt abonnemang.',
} as const;
