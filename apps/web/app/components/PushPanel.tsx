import { formatShortDateTime, PUSH_BODY_MAX, PUSH_TITLE_MAX, type PushSend } from '@vaggen/contract';
import { useId, useState } from 'react';
import { getJson, sendJson } from '../lib/api';
import { useFormSubmission } from '../lib/useFormSubmission';
import { ConfirmDialog } from './ConfirmDialog';
import { FormError, FormSuccess } from './FormField';

/** Something of the article the push may be about instead of the whole article (a live entry). */
export interface PushChoice {
  id: number;
  /** What the list shows. */
  label: string;
  /** The push's text when it is picked. */
  text: string;
}

const audience = () => getJson<{ recipients: number; next_allowed_at: string | null }>('/api/newsroom/push');
const sendPush = (input: PushSend) =>
  sendJson<{ id: number; recipients: number; msg: string }>('POST', '/api/newsroom/push', input);

const errorText = (err: unknown) => (err instanceof Error ? err.message : 'Något gick fel');
const reaches = (n: number) => (n === 1 ? '1 prenumerant' : `${n} prenumeranter`);

/**
 * Issue 44: an admin sends a breaking-news push for an article — an ordinary one from its editor,
 * a live report (or one of its entries, `choices`) from the live desk. Before it goes, a
 * confirmation says how many subscribers it reaches; the server allows one per the paper's
 * interval and sends it in the jobs home. Shared by the newsroom and the live desk (features do
 * not import each other).
 */
export function PushPanel({
  article,
  defaultBody = '',
  choices = [],
  wholeLabel = 'Hela artikeln',
}: {
  article: { id: number; title: string };
  defaultBody?: string;
  choices?: PushChoice[];
  wholeLabel?: string;
}) {
  const ids = useId();
  const [choiceId, setChoiceId] = useState('');
  const [title, setTitle] = useState(article.title.slice(0, PUSH_TITLE_MAX));
  const [body, setBody] = useState(defaultBody.slice(0, PUSH_BODY_MAX));
  /** The server's word on the push sent; a refusal (too soon, or the check failed) is the form's problem. */
  const [done, setDone] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ recipients: number } | null>(null);

  const pick = (id: string) => {
    setChoiceId(id);
    const c = choices.find((x) => String(x.id) === id);
    if (c) setBody(c.text.slice(0, PUSH_BODY_MAX));
  };

  // The form asks how many the push reaches (and whether one may go now), then the dialog sends it.
  const ask = useFormSubmission({
    idPrefix: ids,
    send: async () => {
      setDone(null);
      const { recipients, next_allowed_at } = await audience();
      if (next_allowed_at) throw new Error(`Nästa pushnotis kan skickas ${formatShortDateTime(next_allowed_at)}.`);
      sending.clearProblem();
      setConfirm({ recipients });
    },
    failMsg: errorText,
    stayOpen: true,
  });
  const sending = useFormSubmission({
    idPrefix: ids,
    send: async (input: PushSend) => {
      const r = await sendPush(input);
      setConfirm(null);
      setDone(r.msg);
    },
    failMsg: errorText,
    stayOpen: true,
  });

  return (
    <form className="push-panel" onSubmit={(e) => void ask.submit(e, null)} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Pushnotis vid stora nyheter</h2>
      {choices.length > 0 && (
        <>
          <label htmlFor={`${ids}-choice`}>Gäller</label>
          <select id={`${ids}-choice`} className="control" value={choiceId} onChange={(e) => pick(e.target.value)}>
            <option value="">{wholeLabel}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${ids}-push-title`}>Notisens rubrik</label>
      <input
        id={`${ids}-push-title`}
        className="control"
        value={title}
        maxLength={PUSH_TITLE_MAX}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label htmlFor={`${ids}-push-body`}>Notisens text</label>
      <textarea
        id={`${ids}-push-body`}
        className="control"
        rows={2}
        value={body}
        maxLength={PUSH_BODY_MAX}
        onChange={(e) => setBody(e.target.value)}
      />
      <button type="submit" className="button" disabled={ask.busy || !title.trim() || !body.trim()}>
        Skicka pushnotis
      </button>
      <FormError id={ask.errorId} msg={ask.problem?.msg} />
      <FormSuccess msg={done} />
      <ConfirmDialog
        open={confirm !== null}
        title="Skicka pushnotisen?"
        confirmLabel="Skicka"
        pendingLabel="Skickar..."
        pending={sending.sending}
        error={sending.problem?.msg}
        onConfirm={() =>
          void sending.submit(null, {
            articleId: article.id,
            ...(choiceId ? { entryId: Number(choiceId) } : {}),
            title: title.trim(),
            body: body.trim(),
          })
        }
        onCancel={() => setConfirm(null)}
      >
        <p className="push-reach">
          Pushnotisen når <strong>{reaches(confirm?.recipients ?? 0)}</strong>.
        </p>
        <p className="push-preview">
          <strong>{title.trim()}</strong>
          <br />
          {body.trim()}
        </p>
      </ConfirmDialog>
    </form>
  );
}
