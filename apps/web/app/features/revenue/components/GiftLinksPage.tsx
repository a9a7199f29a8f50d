import { type Article, type GiftLink, REVENUE_MSG, REVENUE_TEXT, SUBSCRIBE_PATH } from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataState } from '../../../components/DataState';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ApiError, serverMsgOr } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { revenueApi } from '../api';
import { CopyableLink } from './CopyableLink';

/**
 * Issue 42: `/prenumerera/dela` — a subscriber makes a gift link for an article (`?artikel=<id>`,
 * the "Dela artikeln" link under a paywalled article they read) and sees and revokes the links that
 * still work. Anyone with a link reads that article whole for 14 days without logging in.
 */
export function GiftLinksPage({ articleId }: { articleId: number | null }) {
  const [article, setArticle] = useState<Article | null>(null);
  const [links, setLinks] = useState<GiftLink[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notSubscriber, setNotSubscriber] = useState(false);
  const [revoking, setRevoking] = useState<GiftLink | null>(null);
  const [pending, setPending] = useState(false);
  const [revoked, setRevoked] = useState(false);

  const load = useCallback(() => {
    setListError(null);
    revenueApi
      .giftLinks()
      .then(setLinks)
      .catch((err) => setListError(serverMsgOr(err, 'Det gick inte att hämta dina delningslänkar')));
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    if (articleId === null) return;
    let live = true;
    revenueApi
      .article(articleId)
      .then((a) => live && setArticle(a))
      .catch(() => live && setError(REVENUE_MSG.articleNotFound));
    return () => {
      live = false;
    };
  }, [articleId]);

  async function create() {
    if (articleId === null) return;
    setBusy(true);
    setError(null);
    setRevoked(false);
    try {
      setMade((await revenueApi.createGiftLink(articleId)).url);
      load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) setNotSubscriber(true);
      setError(serverMsgOr(err, 'Det gick inte att skapa länken. Försök igen.'));
    } finally {
      setBusy(false);
    }
  }

  async function revoke() {
    if (!revoking) return;
    const link = revoking;
    setPending(true);
    try {
      await revenueApi.revokeGiftLink(link.id);
      setLinks((all) => all?.filter((l) => l.id !== link.id) ?? null);
      if (made === link.url) setMade(null);
      setRevoked(true);
    } catch (err) {
      setError(serverMsgOr(err, 'Det gick inte att återkalla länken. Försök igen.'));
    } finally {
      setPending(false);
      setRevoking(null);
    }
  }

  return (
    <div className="gift-links-page">
      <h1 className="page-title">{REVENUE_TEXT.giftHeading}</h1>
      <p className="page-lead">{REVENUE_TEXT.giftLead}</p>

      {articleId !== null && (
        <section className="surface gift-link-new" aria-labelledby="gift-new-title">
          <h2 id="gift-new-title">{REVENUE_TEXT.shareArticle}</h2>
          {article && (
            <p>
              <Link to={`/article/${encodeURIComponent(article.slug)}`}>{article.title}</Link>
            </p>
          )}
          {made ? (
            <>
              <FormSuccess msg={REVENUE_TEXT.giftCreated} />
              <CopyableLink url={made} label="Delningslänken" />
            </>
          ) : (
            <button type="button" className="button" onClick={create} disabled={busy || notSubscriber}>
              {busy ? 'Skapar…' : REVENUE_TEXT.giftCreate}
            </button>
          )}
          <FormError msg={error} />
          {notSubscriber && (
            <p>
              <Link to={`${SUBSCRIBE_PATH}?artikel=${articleId}`}>{REVENUE_TEXT.seePlans}</Link>
            </p>
          )}
        </section>
      )}

      <section className="gift-link-list" aria-labelledby="gift-mine-title">
        <h2 id="gift-mine-title">{REVENUE_TEXT.giftMine}</h2>
        {revoked && <FormSuccess msg={REVENUE_TEXT.giftRevoked} />}
        <DataState
          status={listError ? 'error' : links === null ? 'loading' : 'ready'}
          loading="Hämtar dina delningslänkar…"
          error={<FormError msg={listError} />}
          onRetry={load}
          isEmpty={links?.length === 0}
          empty={REVENUE_TEXT.giftNone}
        >
          {() => (
            <ul className="gift-links">
              {links?.map((l) => (
                <li key={l.id} className="surface gift-link">
                  <p className="gift-link-title">
                    <strong>{l.article_title}</strong>
                    <span>
                      {' '}
                      · {REVENUE_TEXT.giftValidUntil} {formatDate(l.expires_at)}
                    </span>
                  </p>
                  <CopyableLink url={l.url} label={`Delningslänk till ${l.article_title}`} />
                  <button type="button" className="button button-secondary" onClick={() => setRevoking(l)}>
                    {REVENUE_TEXT.giftRevoke}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </DataState>
      </section>

      <ConfirmDialog
        open={revoking !== null}
        title="Återkalla länken?"
        confirmLabel={REVENUE_TEXT.giftRevoke}
        pendingLabel="Återkallar…"
        pending={pending}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        <p>Den som har länken till ”{revoking?.article_title}” kan inte längre läsa artikeln med den.</p>
      </ConfirmDialog>
    </div>
  );
}
