import { type Article, formatShortDateTime, LIVE_MSG, LIVE_TEXT, type LiveEntry } from '@vaggen/contract';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormSuccess } from '../../../components/FormField';
import { PushPanel } from '../../../components/PushPanel';
import { articlePath } from '../../../lib/paths';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { htmlToText, liveApi, textToHtml } from '../api';

const draftKey = (id: number) => `vaggen-live-draft-${id}`;
const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Något gick fel');

function DeskEntry({
  entry,
  onChanged,
  canPublish = false,
}: {
  entry: LiveEntry;
  /** After a change; `gone` when the entry left its list (published or removed). */
  onChanged: (gone?: 'published' | 'removed') => void;
  /** A draft in an open report: it may be published. */
  canPublish?: boolean;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, gone?: 'published' | 'removed') => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await work();
      setEditing(null);
      onChanged(gone);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const label = htmlToText(entry.content).slice(0, 40);
  return (
    <li className={entry.draft ? 'desk-entry desk-draft' : 'desk-entry'} data-entry-id={entry.id}>
      <p className="desk-entry-meta">
        <time dateTime={entry.created_at}>{formatShortDateTime(entry.created_at)}</time> {entry.author_display_name}
        {entry.draft && <span className="desk-draft-mark">{LIVE_TEXT.draftMark}</span>}
        {entry.pinned && <span className="desk-pinned">{LIVE_TEXT.pinnedMark}</span>}
        {entry.edited_at && <span> · {LIVE_TEXT.edited(formatShortDateTime(entry.edited_at).slice(11))}</span>}
      </p>
      {editing === null ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's cleaned HTML
        <div className="desk-entry-body" dangerouslySetInnerHTML={{ __html: entry.content }} />
      ) : (
        <textarea
          className="control desk-edit"
          aria-label={LIVE_TEXT.edit}
          value={editing}
          rows={4}
          autoFocus
          onChange={(e) => setEditing(e.target.value)}
        />
      )}
      <FormError msg={error} />
      <div className="desk-entry-actions">
        {editing === null ? (
          <>
            {canPublish && (
              <button
                type="button"
                className="button button-small"
                disabled={busy}
                aria-label={`${LIVE_TEXT.publishDraft}: ${label}`}
                onClick={() => run(() => liveApi.update(entry.id, { draft: false }), 'published')}
              >
                {LIVE_TEXT.publishDraft}
              </button>
            )}
            <button type="button" className="button button-small" onClick={() => setEditing(htmlToText(entry.content))}>
              {LIVE_TEXT.edit}
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => run(() => liveApi.update(entry.id, { pinned: !entry.pinned }))}
            >
              {entry.pinned ? LIVE_TEXT.unpin : LIVE_TEXT.pin}
            </button>
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() =>
                window.confirm(entry.draft ? LIVE_TEXT.removeDraftConfirm : LIVE_TEXT.removeConfirm) &&
                run(() => liveApi.remove(entry.id), 'removed')
              }
            >
              {LIVE_TEXT.remove}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              onClick={() => run(() => liveApi.update(entry.id, { content: textToHtml(editing) }))}
            >
              {LIVE_TEXT.save}
            </button>
            <button type="button" className="button button-small" onClick={() => setEditing(null)}>
              {LIVE_TEXT.cancel}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * Issue 44: a live report's desk in the newsroom. The composer posts with the button or
 * Ctrl/Cmd+Enter, or saves a draft ("Spara som utkast") that no reader sees until someone
 * publishes it from the "Utkast" list (decision 055); it takes a picture from the camera (the media
 * upload), and keeps a half-written entry in this browser (localStorage) until it is posted — also
 * when posting fails. Below: the drafts, the entries to pin, edit or remove, and the button that
 * ends the report.
 */
export function LiveDeskPage({ articleId, admin = false }: { articleId: number; admin?: boolean }) {
  const [article, setArticle] = useState<Article | null>(null);
  const [entries, setEntries] = useState<LiveEntry[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<string | null>(null);
  const [pinned, setPinned] = useState(false);
  /** What the last post did; a failure (of a post, a picture's upload or the ending) is the form's problem. */
  const [done, setDone] = useState<string | null>(null);
  /** The drafts: null while loading. */
  const [drafts, setDrafts] = useState<LiveEntry[] | null>(null);
  const [draftsError, setDraftsError] = useState<string | null>(null);
  const [draftMessage, setDraftMessage] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const draftsHeading = useRef<HTMLHeadingElement>(null);

  const reloadDrafts = useCallback(async () => {
    setDraftsError(null);
    try {
      setDrafts((await liveApi.drafts(articleId)).entries);
    } catch (err) {
      setDrafts(null);
      setDraftsError(`${LIVE_TEXT.draftsError} ${errorText(err)}`);
    }
  }, [articleId]);

  const reload = useCallback(async () => {
    try {
      const [a, page] = await Promise.all([
        liveApi.article(articleId),
        liveApi.entries(articleId).catch(() => ({ entries: [] as LiveEntry[] })),
      ]);
      setArticle(a);
      setEntries(page.entries);
    } catch (err) {
      setLoadError(errorText(err));
    }
  }, [articleId]);

  useEffect(() => {
    void reload();
    void reloadDrafts();
    setText(window.localStorage.getItem(draftKey(articleId)) ?? '');
  }, [articleId, reload, reloadDrafts]);

  const changeText = (value: string) => {
    setText(value);
    if (value) window.localStorage.setItem(draftKey(articleId), value);
    else window.localStorage.removeItem(draftKey(articleId));
  };

  const composer = useFormSubmission({
    idPrefix: 'desk',
    send: async ({
      text,
      picture,
      pinned,
      draft,
    }: {
      text: string;
      picture: string | null;
      pinned: boolean;
      draft: boolean;
    }) => {
      setDone(null);
      setDraftMessage(null);
      const html = textToHtml(text) + (picture ? `<p><img src="${picture}" alt=""></p>` : '');
      await liveApi.post(articleId, { content: html, pinned, ...(draft ? { draft: true } : {}) });
      changeText('');
      setPicture(null);
      setPinned(false);
      setDone(draft ? LIVE_TEXT.draftSaved : LIVE_TEXT.posted);
      await (draft ? reloadDrafts() : reload());
    },
    // the text stays, here and in localStorage
    failMsg: (err) => `${errorText(err)}. ${LIVE_TEXT.draftKept}`,
    stayOpen: true,
  });
  const post = (e: FormEvent | null, draft = false) => void composer.submit(e, { text, picture, pinned, draft });
  /** Something else the desk did failed: its message stands where the post's would. */
  const failed = (err: unknown) => {
    setDone(null);
    composer.fail({ msg: errorText(err) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      post(null);
    }
  };

  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setDone(null);
    composer.clearProblem();
    try {
      setPicture(await liveApi.upload(file));
    } catch (err) {
      failed(err);
    }
  };

  const end = async () => {
    if (!window.confirm(LIVE_TEXT.endConfirm)) return;
    try {
      setArticle(await liveApi.end(articleId));
    } catch (err) {
      failed(err);
    }
  };

  /** A draft changed; one published or removed leaves the list, and focus goes to its heading. */
  const draftChanged = (gone?: 'published' | 'removed') => {
    setDraftMessage(
      gone === 'published' ? LIVE_TEXT.draftPublished : gone === 'removed' ? LIVE_MSG.draftRemoved : null,
    );
    void reloadDrafts();
    if (gone === 'published') void reload();
    if (gone) draftsHeading.current?.focus();
  };

  if (loadError)
    return (
      <p className="form-error" role="alert">
        {loadError}
      </p>
    );
  if (!article) return <p role="status">Laddar…</p>;
  const ended = article.live_ended_at !== null;
  return (
    <div className="live-desk">
      <p className="desk-kicker">
        <span className="badge badge-live">{LIVE_TEXT.badge}</span> {LIVE_TEXT.desk}
      </p>
      <h1>{article.title}</h1>
      <p className="desk-links">
        <Link to={`/admin/articles/edit/${article.id}`}>{LIVE_TEXT.back}</Link> ·{' '}
        <Link to={articlePath(article)}>{LIVE_TEXT.readerLink}</Link>
      </p>
      {article.kind !== 'live' ? (
        <p className="form-error" role="alert">
          Artikeln är ingen direktrapport. Välj typen Direktrapport i redigeraren.
        </p>
      ) : ended ? (
        <p className="live-ended" role="status">
          {LIVE_TEXT.ended}
        </p>
      ) : (
        <form ref={form} className="desk-composer" onSubmit={(e) => post(e)}>
          <label htmlFor="desk-text">{LIVE_TEXT.composerLabel}</label>
          <textarea
            id="desk-text"
            className="control"
            rows={5}
            value={text}
            onChange={(e) => changeText(e.target.value)}
            onKeyDown={onKeyDown}
            aria-describedby="desk-hint"
          />
          <p id="desk-hint" className="field-hint">
            {LIVE_TEXT.composerHint}
          </p>
          {picture && <img className="desk-picture" src={picture} alt="" />}
          <div className="desk-row">
            <label className="button button-small desk-file">
              {LIVE_TEXT.picture}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                onChange={(e) => void onPicture(e.target.files?.[0])}
              />
            </label>
            <label className="desk-check">
              <input type="checkbox" checked={pinned} onChange={(e) => setPinned(e.target.checked)} /> {LIVE_TEXT.pin}
            </label>
          </div>
          <div className="desk-buttons">
            <button type="submit" className="button" disabled={composer.busy || (!text.trim() && !picture)}>
              {LIVE_TEXT.post}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={composer.busy || (!text.trim() && !picture)}
              onClick={() => post(null, true)}
            >
              {LIVE_TEXT.saveDraft}
            </button>
          </div>
          <FormError id={composer.errorId} msg={composer.problem?.msg} />
          <FormSuccess msg={done} />
        </form>
      )}
      {article.kind === 'live' && (
        <section
          className="desk-drafts"
          aria-labelledby="desk-drafts-heading"
          aria-busy={drafts === null && !draftsError}
        >
          <h2 id="desk-drafts-heading" ref={draftsHeading} tabIndex={-1}>
            {LIVE_TEXT.draftsHeading}
            {drafts && drafts.length > 0 && <span className="desk-count"> ({drafts.length})</span>}
          </h2>
          <FormSuccess msg={draftMessage} />
          {draftsError ? (
            <div className="form-error" role="alert">
              <p>{draftsError}</p>
              <button type="button" className="button button-small" onClick={() => void reloadDrafts()}>
                {LIVE_TEXT.retry}
              </button>
            </div>
          ) : drafts === null ? (
            <p role="status">{LIVE_TEXT.draftsLoading}</p>
          ) : drafts.length === 0 ? (
            <p className="desk-empty">{LIVE_TEXT.draftsEmpty}</p>
          ) : (
            <ol className="desk-entries">
              {drafts.map((e) => (
                <DeskEntry
                  key={`${e.id}-${e.content.length}-${e.pinned}`}
                  entry={e}
                  canPublish={!ended}
                  onChanged={draftChanged}
                />
              ))}
            </ol>
          )}
        </section>
      )}
      <h2>{LIVE_TEXT.entriesHeading}</h2>
      {entries.length === 0 ? (
        <p>{LIVE_TEXT.empty}</p>
      ) : (
        <ol className="desk-entries">
          {entries.map((e) => (
            <DeskEntry key={`${e.id}-${e.edited_at}-${e.pinned}`} entry={e} onChanged={() => void reload()} />
          ))}
        </ol>
      )}
      {admin && article.status === 'published' && (
        <PushPanel
          article={article}
          wholeLabel="Hela direktrapporten"
          choices={entries.slice(0, 20).map((e) => ({
            id: e.id,
            label: `${formatShortDateTime(e.created_at).slice(11)} ${htmlToText(e.content).slice(0, 60)}`,
            text: htmlToText(e.content),
          }))}
        />
      )}
      {article.kind === 'live' && !ended && (
        <button type="button" className="button button-danger desk-end" onClick={() => void end()}>
          {LIVE_TEXT.end}
        </button>
      )}
    </div>
  );
}
