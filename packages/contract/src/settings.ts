/**
 * The paper's own settings (issues 41–44): one place, `GET`/`PUT /api/newsroom/settings` (admin),
 * each issue adding its fields. Browser-safe; the zod schema is in settings-schemas.ts.
 */

export const SETTINGS_MSG = {
  saved: 'Inställningarna är sparade',
  /** Issue 43: the footer names the ansvarig utgivare; a save may not clear it. */
  publisherRequired: 'Ange ansvarig utgivare: en nyhetssajt ska ha en.',
} as const;

/** Every setting's value when nobody has set it. */
export const NEWSROOM_SETTINGS_DEFAULTS = {
  // issue 41: the editorial desk
  review_required: false,
  // issue 42: reader revenue
  metered_articles_per_month: 0,
  gift_links_per_month: 10,
  vat_percent: 6,
  past_due_grace_days: 7,
  // issue 43: the paper's legal identity
  responsible_publisher: '',
  publisher_name: '',
  utgivningsbevis: '',
  address: '',
  // issue 43: the paper's policies (the JSON-LD points at them on /principer), edited by admins
  policy_principles:
    'Väggen är en oberoende nyhetssajt. Vi granskar makten, förklarar sammanhangen och skiljer alltid på nyheter, åsikter och annonser. Varje artikel har en namngiven skribent, och ansvarig utgivare svarar för allt vi publicerar.',
  policy_ethics:
    'Vi följer de pressetiska reglerna (Mediernas etiknämnd). Vi ger den som kritiseras möjlighet att bemöta kritiken, vi skyddar våra källor och vi tar inte emot gåvor eller resor som kan påverka vår bevakning.',
  policy_corrections:
    'Fel rättar vi snabbt och synligt: rättelsen står överst i artikeln med datum och vad som var fel, och samlas under Rättelser. En rättelse tas aldrig bort. Den som en artikel handlar om kan begära genmäle.',
  policy_ownership:
    'Väggen ges ut av Väggen Media AB. Tidningen finansieras av annonser och av läsare; inga annonsörer eller ägare påverkar vad redaktionen skriver.',
  policy_feedback:
    'Hittar du ett fel eller vill du lämna synpunkter? Skriv till oss via Kontakt eller till redaktionen@vaggen.example. Olagligt innehåll anmäler du via länken vid artikeln eller kommentaren.',
  // issue 44: breaking-news push
  push_min_interval_minutes: 15,
} as const;

/** Settings that readers see on every page (the footer, /about, JSON-LD): a change re-renders pages. */
export const PAPER_IDENTITY_SETTINGS = [
  'responsible_publisher',
  'publisher_name',
  'utgivningsbevis',
  'address',
  'policy_principles',
  'policy_ethics',
  'policy_corrections',
  'policy_ownership',
  'policy_feedback',
] as const;

/** Issue 43: the policies on /principer, in order: setting, heading, anchor (the JSON-LD's addresses). */
export const PAPER_POLICIES = [
  { key: 'policy_principles', title: 'Publicistiska principer', anchor: 'principer' },
  { key: 'policy_ethics', title: 'Etik', anchor: 'etik' },
  { key: 'policy_corrections', title: 'Rättelser och genmälen', anchor: 'rattelser' },
  { key: 'policy_ownership', title: 'Ägande och finansiering', anchor: 'agande' },
  { key: 'policy_feedback', title: 'Synpunkter och anmälningar', anchor: 'synpunkter' },
] as const;
export type PaperPolicyKey = (typeof PAPER_POLICIES)[number]['key'];
export const POLICY_TEXT_MAX = 10_000;
export const POLICIES_PATH = '/principer';

/** Issue 43: the paper's legal identity as every reader page shows it (footer, /about, JSON-LD). */
export interface PaperIdentity {
  responsible_publisher: string;
  publisher_name: string;
  utgivningsbevis: string;
  address: string;
}
