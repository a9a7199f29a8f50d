import { stockholmDay } from './stockholm.js';
/**
 * Readers' own data (issue 21, decision 027): the download of everything the site keeps about an
 * account, and the deletion of the account. Browser-safe: constants and texts only.
 */

/** What a deleted account's comments show instead of the name when the reader keeps them. */
export const DELETED_USER_NAME = 'Raderad användare';

/** What happens to the comments of an account being deleted. */
export const COMMENT_CHOICES = ['keep', 'delete'] as const;
export type CommentChoice = (typeof COMMENT_CHOICES)[number];

/** The export's `format` field: raised when a section changes meaning. */
export const EXPORT_FORMAT = 'vaggen-mina-uppgifter/1';

/** Wrong passwords one account may try on the delete form per window before it must wait. */
export const DELETE_ATTEMPTS = 5;
export const DELETE_ATTEMPTS_WINDOW_MS = 15 * 60_000;

/** `vaggen-mina-uppgifter-YYYY-MM-DD.json`, the Swedish calendar day of `at`. */
export function exportFileName(at: Date = new Date()): string {
  return `vaggen-mina-uppgifter-${stockholmDay(at.getTime())}.json`;
}

export const PRIVACY_MSG = {
  passwordMissing: 'Skriv ditt lösenord för att radera kontot.',
  passwordWrong: 'Lösenordet är fel. Kontot har inte raderats.',
  commentsChoice: 'Välj om dina kommentarer ska finnas kvar eller tas bort.',
  lastAdmin: 'Du är den enda administratören och kan inte radera ditt konto. Gör någon annan till administratör först.',
  tooManyAttempts: 'För många försök med fel lösenord. Kontot har inte raderats.',
  deleted: 'Ditt konto är raderat.',
  exportFailed: 'Dina uppgifter kunde inte hämtas. Försök igen.',
  deleteFailed: 'Kontot kunde inte raderas. Försök igen.',
} as const;
