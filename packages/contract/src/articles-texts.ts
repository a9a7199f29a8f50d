/**
 * The newsroom's texts about articles (issue 14, 40, 41): kept out of articles.ts, whose helpers the
 * reader pages load (the article view), so that a reader does not download the newsroom's words.
 */

export const NEWSROOM_TEXT = {
  saveDraft: 'Spara utkast',
  publish: 'Publicera',
  schedule: 'Schemalägg',
  unpublish: 'Avpublicera',
  /** 409: someone saved after you opened the article. */
  conflict: (name: string, at: string) =>
    `Artikeln har ändrats av ${name} (${at}) efter att du öppnade den. Ladda deras version eller skriv över medvetet.`,
  conflictPlain:
    'Artikeln har ändrats av någon annan efter att du öppnade den. Ladda deras version eller skriv över medvetet.',
  /** Who "saved" an article the scheduler put live (its revision, and a stale editor's 409). */
  schedulerName: 'schemaläggningen',
  /** Issue 41: an edited address. */
  slugBad: 'Adressen får bara innehålla a–z, siffror och enkla bindestreck',
  slugTaken: 'Adressen används redan av en annan artikel',
  scheduleNeedsTime: 'Ange datum och tid för publiceringen',
  scheduleBadTime: 'Publiceringstiden måste vara ett giltigt datum och en giltig tid',
  revisionNotFound: 'Versionen finns inte',
  publishedTitle: 'Din artikel har publicerats',
  publishedMessage: (title: string) => `Den schemalagda artikeln ”${title}” är nu publicerad.`,
  altMissing: 'Bilden saknar alternativtext. Beskriv bilden för den som inte kan se den.',
  altMissingConfirm: 'En eller flera bilder saknar alternativtext. Vill du publicera ändå?',
  unknownAuthor: 'Skribenten finns inte eller är inte skribent eller administratör',
} as const;

/**
 * Issue 40 (finding 8): a co-byline needs the named person's consent. A writer who names another
 * writer or an admin in `author_ids` invites them; until they accept they are not in the byline,
 * have no access and the article is not theirs. An admin names co-authors directly.
 */
export const BYLINE_TEXT = {
  heading: 'Inbjudningar till byline',
  intro: 'Kollegor som vill skriva dig som medförfattare. Du syns i bylinen först när du tackar ja.',
  empty: 'Inga inbjudningar just nu.',
  accept: 'Tacka ja',
  decline: 'Tacka nej',
  invitedBy: (name: string) => `Inbjuden av ${name}`,
  accepted: (title: string) => `Du står nu i bylinen för ”${title}”.`,
  declined: (title: string) => `Du har tackat nej till bylinen för ”${title}”.`,
  notFound: 'Inbjudan finns inte, eller är redan besvarad.',
  // Notifications name the article, not the person: a deleted account's name must not stay in them (decision 027).
  invitationTitle: 'Inbjudan till byline',
  invitationMessage: (title: string) =>
    `En kollega vill skriva dig som medförfattare till ”${title}”. Svara på startsidan för redaktionen.`,
  answeredTitle: (accepted: boolean) => (accepted ? 'Inbjudan till byline antagen' : 'Inbjudan till byline avböjd'),
  answeredMessage: (title: string, accepted: boolean) =>
    `Din inbjudan till bylinen för ”${title}” har ${accepted ? 'antagits' : 'avböjts'}.`,
} as const;
