/** Comments: threads, paging and limits (spec 000 §3/§7, spec 001 §3; issue 13). Browser-safe. */
import { toOneLine } from './text.js';

// Comment, CommentInput, CommentPage and CommentRepliesPage are derived from their zod schemas in
// comments-schemas.ts and exported from the index as types.

/** Orders a reader may choose for the top-level comments. */
export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/** Deepest nesting (top level = 0): a reply to a comment this deep hangs under that comment's parent. */
export const COMMENT_MAX_DEPTH = 6;
/** Top-level comments per page; the most a client may ask for. */
export const COMMENTS_PAGE = 10;
export const COMMENTS_PAGE_MAX = 50;
/** Replies sent with each top-level comment of a page. */
export const COMMENT_FIRST_REPLIES = 5;
/** Replies per "Visa fler svar"; the most a client may ask for. */
export const COMMENT_REPLIES_PAGE = 20;
export const COMMENT_REPLIES_PAGE_MAX = 100;

export const COMMENT_MAX = 5000;
export const COMMENT_NAME_MAX = 120;
/** Comments one address may post per minute. */
export const COMMENTS_PER_MINUTE = 5;

export const COMMENTS_MSG = {
  // server-side rules of our own
  commentTooLong: `Kommentaren får vara högst ${COMMENT_MAX} tecken`,
  commentParent: 'Kommentaren du svarar på finns inte i den här artikeln',
  commentNotFound: 'Kommentaren finns inte',
  commentNotThread: 'Svaren hämtas per tråd: ange trådens första kommentar',
  commentCursor: 'Ogiltig sidmarkör',
  showMoreComments: 'Visa fler kommentarer',
  showMoreReplies: 'Visa fler svar',
  commentDeleteForbidden: 'Du kan bara ta bort dina egna kommentarer',
  commentRate: 'Du skriver kommentarer för tätt. Vänta en minut och försök igen.',
} as const;

/**
 * The in-app notices of a new comment (the comments module writes them). Account deletion puts
 * DELETED_USER_NAME where they name the commenter, and only there. The commenter's name is put on
 * one line (issue 40: a name stored before names were checked may hold line breaks).
 */
export const COMMENT_NOTICE = {
  articleTitle: (articleTitle: string) => `Ny kommentar på "${articleTitle}"`,
  articleMessage: (name: string, preview: string) => `${toOneLine(name)}: ${preview}`,
  replyTitle: (name: string) => `${toOneLine(name)} svarade på din kommentar`,
} as const;

/** A visitor's commenter token in the browser (issue 16; apps/web/app/features/comments/api.ts). */
export const COMMENTER_TOKEN_STORAGE_KEY = 'commenterToken';
/** How long the browser keeps it after the visitor's latest comment (issue 43: a bounded lifetime). */
export const COMMENTER_TOKEN_DAYS = 30;
