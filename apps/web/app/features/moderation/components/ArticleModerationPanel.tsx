import {
  type ArticleModeration,
  MODERATION_MODE_LABELS,
  MODERATION_MODES,
  type ModerationMode,
  SUCCESS_MESSAGE_MS,
} from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { FormError } from '../../../components/FormField';
import { formatDate } from '../../../lib/format';
import { useFlash } from '../../../lib/useFlash';
import { moderationApi } from '../api';
import { actionErrorText } from '../texts';

/**
 * The article's comments in the editor (issue 16): follow the site's moderation mode or override
 * it, and close the comments. It sits inside the editor's form, so it is a group of fields with
 * its own button, not a form of its own.
 */
export function ArticleModerationPanel({ articleId }: { articleId: number }) {
  const [state, setState] = useState<ArticleModeration | null>(null);
  const [mode, setMode] = useState<ModerationMode | ''>('');
  const [closed, setClosed] = useState(false);
  const [loadError, setLoadError] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useFlash(SUCCESS_MESSAGE_MS);
  const id = useId();

  useEffect(() => {
    let live = true;
    setLoadError(false);
    moderationApi
      .article(articleId)
      .then((s) => {
        if (!live) return;
        setState(s);
        setMode(s.mode ?? '');
        setClosed(s.closed);
      })
      .catch((err) => {
        console.error('loading the article moderation failed', err);
        if (live) setLoadError(true);
      });
    return () => {
      live = false;
    };
  }, [articleId]);

  async function save() {
    setSaving(true);
    setError(null);
    try {
      const s = await moderationApi.saveArticle(articleId, { mode: mode || null, closed });
      setState(s);
      flashSaved('Kommentarsinställningarna har sparats.');
    } catch (err) {
      setError(actionErrorText(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <fieldset className="editor-panel article-moderation">
      <legend>Kommentarer</legend>
      {loadError ? (
        <p className="form-error" role="alert">
          Det gick inte att hämta kommentarsinställningarna.
        </p>
      ) : !state ? (
        <p className="muted" role="status">
          Laddar...
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-mode`}>Granskning</label>
            <select
              className="control"
              id={`${id}-mode`}
              value={mode}
              onChange={(e) => setMode(e.target.value as ModerationMode | '')}
            >
              <option value="">Som för hela webbplatsen</option>
              {MODERATION_MODES.map((m) => (
                <option key={m} value={m}>
                  {MODERATION_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
          <label className="checkbox-field">
            <input type="checkbox" checked={closed} onChange={(e) => setClosed(e.target.checked)} />
            Stäng kommentarerna
          </label>
          <p className="field-hint">
            {state.open ? 'Kommentarerna är öppna' : 'Kommentarerna är stängda'}
            {state.mode === null
              ? ` (${MODERATION_MODE_LABELS[state.effective_mode].toLocaleLowerCase('sv-SE')}, som för hela webbplatsen)`
              : ''}
            .
            {state.open && state.closes_at && (
              <>
                {' '}
                De stängs av sig själva <time dateTime={state.closes_at}>{formatDate(state.closes_at)}</time>.
              </>
            )}
          </p>
          <FormError msg={error} />
          <p role="status" className="article-moderation-status">
            {saved}
          </p>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={saving}
            onClick={() => void save()}
          >
            {saving ? 'Sparar...' : 'Spara kommentarsinställningar'}
          </button>
        </>
      )}
    </fieldset>
  );
}
