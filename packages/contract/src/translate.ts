/**
 * The PDF → translated Word side tool at /translate (spec 001 §2, §3, §5, §7, §8, §9).
 * Browser-safe: constants, language labels and messages only. The whole tool runs in the browser
 * (decision 012): the text, the translation and the user's API key never reach our server.
 */

/** Spec 001 §7 and §9: the chat-completions call. Model and base URL are editable defaults. */
export const TRANSLATE_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const TRANSLATE_DEFAULT_MODEL = 'gpt-4-turbo';
export const TRANSLATE_TEMPERATURE = 0.3;
export const TRANSLATE_MAX_TOKENS = 4000;
export const TRANSLATE_TIMEOUT_MS = 30_000;

/** Spec 001 §9: one estimated token is about 4 characters. */
export const TRANSLATE_CHARS_PER_TOKEN = 4;
/** Spec 001 §9: text above about this many estimated tokens is split into chunks… */
export const TRANSLATE_CHUNK_THRESHOLD_TOKENS = 4000;
/** …of about this many estimated tokens each. */
export const TRANSLATE_CHUNK_TOKENS = 3000;
/** Spec 001 §9: translated chunks are joined by blank lines. */
export const TRANSLATE_CHUNK_JOINER = '\n\n';

/** Spec 001 §9: the language options, in the spec's order. */
export const TRANSLATE_LANGUAGES = [
  'en',
  'sv',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'nl',
  'ru',
  'ja',
  'zh',
  'ar',
  'hi',
  'ko',
] as const;
export type TranslateLanguage = (typeof TRANSLATE_LANGUAGES)[number];
export const TRANSLATE_DEFAULT_SOURCE: TranslateLanguage = 'en';
export const TRANSLATE_DEFAULT_TARGET: TranslateLanguage = 'sv';

/** Language names: `label` is shown in the page (Swedish), `name` goes into the prompt (English). */
export const TRANSLATE_LANGUAGE_NAMES: Record<TranslateLanguage, { label: string; name: string }> = {
  en: { label: 'Engelska', name: 'English' },
  sv: { label: 'Svenska', name: 'Swedish' },
  es: { label: 'Spanska', name: 'Spanish' },
  fr: { label: 'Franska', name: 'French' },
  de: { label: 'Tyska', name: 'German' },
  it: { label: 'Italienska', name: 'Italian' },
  pt: { label: 'Portugisiska', name: 'Portuguese' },
  nl: { label: 'Nederländska', name: 'Dutch' },
  ru: { label: 'Ryska', name: 'Russian' },
  ja: { label: 'Japanska', name: 'Japanese' },
  zh: { label: 'Kinesiska', name: 'Chinese' },
  ar: { label: 'Arabiska', name: 'Arabic' },
  hi: { label: 'Hindi', name: 'Hindi' },
  ko: { label: 'Koreanska', name: 'Korean' },
};

/**
 * Where the browser keeps the tool's data. The key is stored per account, as `translateApiKey:<user id>`,
 * in sessionStorage (or localStorage when "Kom ihåg nyckeln" is ticked); the settings (languages,
 * base URL, model) in localStorage.
 */
export const TRANSLATE_STORAGE_KEYS = {
  apiKey: 'translateApiKey',
  settings: 'translateSettings',
} as const;

/**
 * Messages of the tool. The English ones are the spec's own texts, copied exactly (spec 001 §2,
 * §5, §8); the spec gives no text for the others, which are ours, in Swedish.
 */
export const TRANSLATE_MSG = {
  // spec 001 §2
  loginRequired: 'Logga in för att använda översättningsverkyget.',
  // spec 001 §5
  notPdf: 'Please select a PDF file',
  invalidPageRange: (pageCount: number) => `Invalid page range (1-${pageCount})`,
  noText: 'Please extract text first',
  noApiKey: 'Please enter your OpenAI API key',
  // spec 001 §8
  invalidApiKey: 'Invalid API key provided...',
  serverError: 'OpenAI servers are currently experiencing issues. Please try again later.',
  // ours (spec 001 §8 names them without texts)
  rateLimit: 'För många förfrågningar till översättningstjänsten just nu (rate limit). Vänta en stund och försök igen.',
  contextLength:
    'Texten är för lång för modellen (context length). Välj färre sidor eller kortare text och försök igen.',
  noResponse: 'Fick inget svar från översättningstjänsten. Kontrollera nätverket och tjänstens adress och försök igen.',
  badResponse: 'Översättningstjänsten gav ett oväntat svar.',
  failed: (detail: string) => `Översättningen misslyckades: ${detail}`,
  chunkProgress: (k: number, n: number) => `Översätter del ${k} av ${n}…`,
  chunkFailed: (k: number, n: number, reason: string) => `Översättningen stoppades vid del ${k} av ${n}: ${reason}`,
  cancelled: 'Översättningen avbröts.',
  pdfUnreadable: 'Filen kunde inte läsas som PDF. Är den skadad eller lösenordsskyddad?',
  specialWordBoth: 'Fyll i både originalord och översättning.',
} as const;
