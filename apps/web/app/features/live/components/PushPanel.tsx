import { type Article, formatShortDateTime, type LiveEntry, PUSH_BODY_MAX, PUSH_TITLE_MAX } from '@vaggen/contract';
import { type FormEvent, useState } from 'react';
import { htmlToText, liveApi } from '../api';

/**
 * Issue 44: an admin sends a breaking-news push for the report or one of its entries. Before it
 * goes, a confirmation says how many subscribers it reaches; the server allows one per the paper's
 * interval and sends it in the jobs home.
 */
export function PushPanel({ article, entries }: { article: Article; entries: LiveEntry[] }) {
  const [entryId, setEntryId] = useState('');
  const [title, setTitle] = useState(article.title.slice(0, PUSH_TITLE_MAX));
  const [body, setBody] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const pickEntry = (id: string) => {
    setEntryId(id);
    const e = entries.find((x) => String(x.id) === id);
    if (e) setBody(htmlToText(e.content).slice(0, PUSH_BODY_MAX));
  };

  const send = async (ev: FormEvent) => {
    ev.preventDefault();
    setMessage(null);
    setSending(true);
    try {
      const { recipients, next_allowed_at } = await liveApi.pushAudience();
      if (next_allowed_at) {
        setMessage({ ok: false, text: `Nästa pushnotis kan skickas ${formatShortDateTime(next_allowed_at)}.` });
        return;
      }
      if (!window.confirm(`Skicka pushnotisen till ${recipients} mottagare?`)) return;
      const r = await liveApi.push({
        articleId: article.id,
        ...(entryId ? { entryId: Number(entryId) } : {}),
        title,
        body,
      });
      setMessage({ ok: true, text: r.msg });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof Error ? err.message : 'Något gick fel' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="desk-push" onSubmit={send} aria-labelledby="desk-push-title">
      <h2 id="desk-push-title">Pushnotis vid stora nyheter</h2>
      <label htmlFor="push-entry">Gäller</label>
      <select id="push-entry" className="control" value={entryId} onChange={(e) => pickEntry(e.target.value)}>
        <option value="">Hela direktrapporten</option>
        {entries.slice(0, 20).map((e) => (
          <option key={e.id} value={e.id}>
            {formatShortDateTime(e.created_at).slice(11)} {htmlToText(e.content).slice(0, 60)}
          </option>
        ))}
      </select>
      <label htmlFor="push-title">Rubrik</label>
      <input
        id="push-title"
        className="control"
        value={title}
        maxLength={PUSH_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label htmlFor="push-body">Text</label>
      <textarea
        id="push-body"
        className="control"
        rows={2}
        value={body}
        maxLength={PUSH_BODY_MAX}
        onChange={(e) => setBody(e.target.value)}
      />
      <button type="submit" className="button" disabled={sending || !title.trim() || !body.trim()}>
        Skicka pushnotis
      </button>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
