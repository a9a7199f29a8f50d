import { type Article, formatShortDateTime, LIVE_TEXT, type LiveEntry } from '@vaggen/contract';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PushPanel } from '../../../components/PushPanel';
import { articlePath } from '../../../lib/paths';
import { htmlToText, liveApi, textToHtml } from '../api';

const draftKey = (id: number) => `vaggen-live-draft-${id}`;
const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Något gick fel');

function DeskEntry({ entry, onChanged }: { entry: LiveEntry; onChanged: () => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setError(null);
    try {
      await work();
      setEditing(null);
      onChanged();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <li className="desk-entry" data-entry-id={entry.id}>
      <p className="desk-entry-meta">
        <time dateTime={entry.created_at}>{formatShortDateTime(entry.created_at)}</time> {entry.author_display_name}
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
          onChange={(e) => setEditing(e.target.value)}
        />
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="desk-entry-actions">
        {editing === null ? (
          <>
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
              onClick={() => window.confirm(LIVE_TEXT.removeConfirm) && run(() => liveApi.remove(entry.id))}
            >
              {LIVE_TEXT.remove}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button-small"
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
 * Ctrl/Cmd+Enter, takes a picture from the camera (the media upload), and keeps a half-written
 * entry in this browser (localStorage) until it is posted — also when posting fails. Below: the
 * entries, to pin, edit or remove, and the button that ends the report.
 */
export function LiveDeskPage({ articleId, admin = false }: { articleId: number; admin?: boolean }) {
  const [article, setArticle] = useState<Article | null>(null);
  const [entries, setEntries] = useState<LiveEntry[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<string | null>(null);
  const [pinned, setPinned] = useState(false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

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
    setText(window.localStorage.getItem(draftKey(articleId)) ?? '');
  }, [articleId, reload]);

  const changeText = (value: string) => {
    setText(value);
    if (value) window.localStorage.setItem(draftKey(articleId), value);
    else window.localStorage.removeItem(draftKey(articleId));
  };

  const post = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending) return;
    const html = textToHtml(text) + (picture ? `<p><img src="${picture}" alt=""></p>` : '');
    setSending(true);
    setMessage(null);
    try {
      await liveApi.post(articleId, { content: html, pinned });
      changeText('');
      setPicture(null);
      setPinned(false);
      setMessage({ ok: true, text: LIVE_TEXT.posted });
      await reload();
    } catch (err) {
      // the text stays, here and in localStorage
      setMessage({ ok: false, text: `${errorText(err)}. ${LIVE_TEXT.draftKept}` });
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void post();
    }
  };

  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    try {
      setPicture(await liveApi.upload(file));
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
  };

  const end = async () => {
    if (!window.confirm(LIVE_TEXT.endConfirm)) return;
    try {
      setArticle(await liveApi.end(articleId));
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    }
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
        <form ref={form} className="desk-composer" onSubmit={post}>
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
          <button type="submit" className="button" disabled={sending || (!text.trim() && !picture)}>
            {LIVE_TEXT.post}
          </button>
          {message && (
            <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </p>
          )}
        </form>
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
