/**
 * Who may do what (spec 000 §6), written once for both sides: the server enforces these rules and
 * the web app uses the same functions to decide which buttons to show. Browser-safe.
 */
import type { RequestKind } from './role-requests.js';
import type { AccountType } from './users.js';

/** The part of a user the rules look at (the server's User, the web's stored user, an API-key owner). */
export interface Actor {
  id: number;
  account_type: AccountType;
  /** Derived from `account_type` in every API answer; honoured when present. */
  is_admin?: boolean;
}

export const isAdmin = (u: Pick<Actor, 'account_type' | 'is_admin'> | null | undefined): boolean =>
  !!u && (u.account_type === 'admin' || u.is_admin === true);

/** Writers and admins write articles and reach the newsroom (spec 000 §6). */
export const canWrite = (u: Pick<Actor, 'account_type' | 'is_admin'> | null | undefined): boolean =>
  !!u && (isAdmin(u) || u.account_type === 'writer');

/** "Admin or own": an admin may change anything; anyone else only what carries their id as its owner. */
export const isAdminOrOwner = (u: Actor | null | undefined, ownerId: number | null | undefined): boolean =>
  !!u && (isAdmin(u) || (ownerId !== null && ownerId !== undefined && ownerId === u.id));

/** Spec 000 §6: admins edit and delete any article; writers only their own (author id = user id). */
export const mayEditArticle = (u: Actor | null | undefined, article: { author_id: number | null }): boolean =>
  canWrite(u) && isAdminOrOwner(u, article.author_id);

/** A comment may be deleted by its author or an admin (never a placeholder that is already deleted). */
export const mayDeleteComment = (
  u: Actor | null | undefined,
  comment: { author_id: number | null; isDeleted?: boolean },
): boolean => !comment.isDeleted && isAdminOrOwner(u, comment.author_id);

/**
 * Spec 001 §4: which role a person may ask for. Writer rights for plain users only; admin rights
 * for every non-admin. The server refuses the others; the web shows only these.
 */
export const mayRequestRole = (
  u: Pick<Actor, 'account_type' | 'is_admin'> | null | undefined,
  kind: RequestKind,
): boolean => !!u && !isAdmin(u) && !(kind === 'writer' && u.account_type === 'writer');
