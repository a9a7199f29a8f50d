/** User-facing texts from the specs, copied exactly. Server and web import them from here. */
export const MSG = {
  // spec 000 §8
  errorLoadingArticles: 'Error loading articles',
  noArticlesInCategory: 'No articles found in this category',
  errorLoadingArticle: 'Error loading article',
  articleNotFound: 'Article not found',
  unexpectedError: 'Unexpected Application Error!',
  loginFailed: 'Login failed. Please check your credentials.',
  loginRequired: 'Ange både användarnamn och lösenord.',
  uploadNoToken: 'Authentication token not found. Please log in again.',
  articleSaveAuth: 'Authentication failed. Please log in again.',
  articleCreateFailed: 'Failed to create article',
  articleUpdateFailed: 'Failed to update article',
  uploadFailedInline: 'Failed to upload image',
  articleRequired: 'Please fill in all required fields',
  articleDeleteFailed: 'Ett fel uppstod när artikeln skulle tas bort. Uppdatera sidan och försök igen.',
  articleDeleteNotOwn: 'Du kan bara ta bort artiklar som du har skrivit.',
  commentEmpty: 'Please enter a comment',
  commentFields: 'Please fill in all fields',
  commentEmail: 'Please enter a valid email address',
  commentSubmitFailed: 'Failed to submit comment. Please try again.',
  commentDeleteFailed: 'Failed to delete comment. Please try again.',
  commentLoadFailed: 'Det gick inte att ladda kommentarer.',
  commentDeleted: 'Kommentaren har raderats.',
  loading: 'Loading...',
  accessDenied: 'Access Denied',
  // server-side messages (our own catalogue)
  articleEditNotOwn: 'Du kan bara redigera artiklar som du har skrivit.',
  uploadNoFile: 'Ingen fil skickades (fältet "file")',
  uploadNotImage: 'Filen är ingen bild som stöds (JPEG, PNG, WebP, GIF eller AVIF)',
  uploadTooLarge: 'Bilden är för stor (högst 10 MB)',
  uploadBroken: 'Bilden gick inte att läsa',
  invalidCategory: 'Unknown category',
  notFound: 'Not found',
  invalidRequest: 'Invalid request',
  numberOutOfRange: 'Invalid request: a number is out of range',
  invalidText: 'Invalid request: the text contains characters that cannot be stored (e.g. a NUL byte)',
  tooManyRequests: 'Too many requests. Please try again later.',
  internalError: 'Something went wrong on our side. Please try again.',
} as const;

/** Spec 000 §8: "Failed to upload image: {status} {text}" (the featured-image upload). */
export const uploadFailedMessage = (status: number, text: string) =>
  `Failed to upload image: ${status} ${text}`.trimEnd();

/** Spec 000 §8: shown when the ticker fails or returns no items. */
export const FALLBACK_HEADLINES: readonly { title: string; url: string; description: string }[] = [
  {
    title: 'Regeringen presenterar ny klimatplan för 2030',
    url: 'https://sverigesradio.se/ekot',
    description: 'Utsläppen ska minska snabbare.',
  },
  {
    title: 'Riksbanken lämnar styrräntan oförändrad',
    url: 'https://sverigesradio.se/ekot',
    description: 'Inflationen närmar sig målet.',
  },
  {
    title: 'Rekordmånga resenärer med tåg i sommar',
    url: 'https://sverigesradio.se/ekot',
    description: 'SJ rapporterar ökat resande.',
  },
  {
    title: 'Ny forskning om Östersjöns syrebrist',
    url: 'https://sverigesradio.se/vetenskapsradion',
    description: 'Döda bottnar breder ut sig.',
  },
  {
    title: 'Svenska landslaget klart för mästerskapet',
    url: 'https://sverigesradio.se/radiosporten',
    description: 'Avgörande seger i sista kvalmatchen.',
  },
  {
    title: 'Kommuner varnar för brist på lärare',
    url: 'https://sverigesradio.se/ekot',
    description: 'Behörigheten sjunker i flera län.',
  },
  {
    title: 'Norrsken väntas över stora delar av landet',
    url: 'https://sverigesradio.se/p4',
    description: 'Klart väder ger goda chanser i kväll.',
  },
  {
    title: 'Bostadspriserna stiger för tredje månaden i rad',
    url: 'https://sverigesradio.se/ekot',
    description: 'Störst ökning i storstäderna.',
  },
  {
    title: 'Kulturrådet fördelar nytt stöd till bibliotek',
    url: 'https://sverigesradio.se/kulturnytt',
    description: 'Läsfrämjande insatser prioriteras.',
  },
];
