import { AUTH_MSG, MSG } from '@vaggen/contract';
import { describe, expect, it } from 'vitest';
import { langOf } from '../app/lib/lang';

describe('langOf: the spec English messages on a Swedish page', () => {
  it('marks the English spec texts', () => {
    for (const t of [
      MSG.unexpectedError,
      MSG.articleNotFound,
      MSG.errorLoadingArticles,
      MSG.errorLoadingArticle,
      MSG.commentFields,
      MSG.commentEmail,
      MSG.commentEmpty,
      MSG.commentSubmitFailed,
      MSG.loginFailed,
      MSG.accessDenied,
      MSG.loading,
      MSG.tooManyRequests,
      MSG.notFound,
    ]) {
      expect(langOf(t), t).toBe('en');
    }
  });

  it('leaves Swedish texts to the page language, also those without å, ä or ö', () => {
    for (const t of [
      MSG.loginRequired,
      MSG.commentLoadFailed,
      MSG.commentDeleted,
      MSG.articleDeleteNotOwn,
      MSG.articleEditNotOwn,
      'Det gick inte att ladda kommentarer.',
      'Logga in',
      'Skicka kommentar',
      'Din kommentar har publicerats.',
      'Inga kommentarer ännu. Skriv den första!',
    ]) {
      expect(langOf(t), t).toBeUndefined();
    }
    expect(langOf('')).toBeUndefined();
    expect(langOf(null)).toBeUndefined();
  });

  it('leaves the Swedish catalogues alone (every AUTH_MSG text is Swedish)', () => {
    for (const t of Object.values(AUTH_MSG)) expect(langOf(t), t).toBeUndefined();
  });
});
