import { SUCCESS_MESSAGE_MS, type User } from '@vaggen/contract';
import { useCallback, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError, FormField } from '../../../components/FormField';
import { useFlash } from '../../../lib/useFlash';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { BAN_DURATIONS, type Ban, type BanInput, banTargetText, moderationApi, MODERATION_LIMITS } from '../api';
import { useCursorList } from '../hooks/useCursorList';
import { actionErrorText } from '../texts';
import { ModerationHeader } from './ModerationNav';

const when = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Stockholm' });

type TargetKind = 'username' | 'email';
interface Values {
  targetKind: TargetKind;
  target: string;
  kind: Ban['kind'];
  duration: string;
  reason: string;
}
type Field = 'target' | 'reason';

const EMPTY: Values = { targetKind: 'username', target: '', kind: 'ban', duration: '7', reason: '' };

/** The form's values → what the server takes; a problem names its field. */
export function banInput(v: Values): { ok: true; input: BanInput } | { ok: false; problem: { field: Field; msg: string } } {
  const target = v.target.trim();
  if (!target) {
    return {
      ok: false,
      problem: { field: 'target', msg: v.targetKind === 'email' ? 'Ange en e-postadress.' : 'Ange ett användarnamn.' },
    };
  }
  if (v.targetKind === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(target)) {
    return { ok: false, problem: { field: 'target', msg: 'Ange en giltig e-postadress.' } };
  }
  const days = v.duration === 'forever' ? null : Number(v.duration);
  return {
    ok: true,
    input: {
      ...(v.targetKind === 'email' ? { email: target } : { username: target }),
      kind: v.kind,
      days,
      reason: v.reason.trim(),
    },
  };
}

/**
 * Bans and always pre-moderated commenters (issue 16, admins): the form (an account or an e-mail
 * address; for a number of days or for good; a reason), and the list with "Häv" for each.
 */
export function BansPage({ user }: { user: User }) {
  const fetchPage = useCallback((cursor: string | null) => moderationApi.bans(cursor), []);
  const list = useCursorList<Ban>('bans', fetchPage);
  const [values, setValues] = useState<Values>(EMPTY);
  const [done, flashDone] = useFlash(SUCCESS_MESSAGE_MS);
  const [lifting, setLifting] = useState<Ban | null>(null);
  const [liftBusy, setLiftBusy] = useState(false);
  const [liftError, setLiftError] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const form = useFormSubmission<Values, Field>({
    idPrefix: id,
    validate: (v) => {
      const r = banInput(v);
      return r.ok ? null : r.problem;
    },
    send: async (v) => {
      const r = banInput(v);
      if (!r.ok) throw new Error(r.problem.msg);
      await moderationApi.ban(r.input);
      setValues(EMPTY);
      flashDone(v.kind === 'ban' ? 'Kommentatorn är avstängd.' : 'Kommentatorns kommentarer granskas nu alltid.');
      list.reload();
    },
    failMsg: 'Det gick inte att spara. Försök igen.',
    stayOpen: true,
  });

  async function lift() {
    if (!lifting) return;
    setLiftBusy(true);
    setLiftError(null);
    try {
      await moderationApi.lift(lifting.id);
      list.removeLocal([lifting.id]);
      setLifting(null);
      flashDone('Avstängningen är hävd.');
    } catch (err) {
      setLiftError(actionErrorText(err));
    } finally {
      setLiftBusy(false);
    }
  }

  const set =
    (f: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [f]: e.target.value }));

  return (
    <div className="mod-page">
      <ModerationHeader user={user} title="Avstängda kommentatorer" />

      <section className="mod-section" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`}>Stäng av eller granska en kommentator</h2>
        <form className="mod-form" noValidate onSubmit={(e) => void form.submit(e, values)}>
          <fieldset>
            <legend>Vem</legend>
            <label className="mod-radio">
              <input
                type="radio"
                name={`${id}-targetKind`}
                checked={values.targetKind === 'username'}
                onChange={() => setValues({ ...values, targetKind: 'username' })}
              />
              Ett konto (användarnamn)
            </label>
            <label className="mod-radio">
              <input
                type="radio"
                name={`${id}-targetKind`}
                checked={values.targetKind === 'email'}
                onChange={() => setValues({ ...values, targetKind: 'email' })}
              />
              En e-postadress (kommentarer utan konto)
            </label>
            <FormField
              id={`${id}-target`}
              label={values.targetKind === 'email' ? 'E-postadress' : 'Användarnamn'}
              required
              invalid={form.isInvalid('target')}
              errorId={errorId}
            >
              {(c) => (
                <input
                  {...c}
                  type={values.targetKind === 'email' ? 'email' : 'text'}
                  autoComplete="off"
                  maxLength={MODERATION_LIMITS.banTargetMax}
                  value={values.target}
                  onChange={set('target')}
                />
              )}
            </FormField>
          </fieldset>
          <fieldset>
            <legend>Åtgärd</legend>
            <label className="mod-radio">
              <input
                type="radio"
                name={`${id}-kind`}
                checked={values.kind === 'ban'}
                onChange={() => setValues({ ...values, kind: 'ban' })}
              />
              <span>
                Stäng av
                <span className="mod-radio-hint">Kommentatorn kan inte kommentera och får veta varför.</span>
              </span>
            </label>
            <label className="mod-radio">
              <input
                type="radio"
                name={`${id}-kind`}
                checked={values.kind === 'premoderate'}
                onChange={() => setValues({ ...values, kind: 'premoderate' })}
              />
              <span>
                Granska alltid
                <span className="mod-radio-hint">Varje kommentar från kommentatorn väntar på granskning.</span>
              </span>
            </label>
          </fieldset>
          <FormField id={`${id}-duration`} label="Hur länge">
            {(c) => (
              <select {...c} value={values.duration} onChange={set('duration')}>
                {BAN_DURATIONS.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            id={`${id}-reason`}
            label="Anledning"
            hint="Sparas i loggen. Vid avstängning visas den för kommentatorn."
            invalid={form.isInvalid('reason')}
            errorId={errorId}
          >
            {(c) => (
              <textarea
                {...c}
                rows={2}
                maxLength={MODERATION_LIMITS.reasonMax}
                value={values.reason}
                onChange={set('reason')}
              />
            )}
          </FormField>
          <FormError id={errorId} msg={form.problem?.msg} />
          <div className="mod-form-buttons">
            <button type="submit" className="button" disabled={form.busy}>
              {form.sending ? 'Sparar...' : values.kind === 'ban' ? 'Stäng av' : 'Granska alltid'}
            </button>
          </div>
        </form>
      </section>

      <p className="form-success-slot" role="status">
        {done && <span className="form-success">{done}</span>}
      </p>

      <section className="mod-section" aria-labelledby={`${id}-list-title`}>
        <h2 id={`${id}-list-title`}>Gällande</h2>
        {list.status === 'loading' ? (
          <p className="mod-state" role="status">
            Laddar...
          </p>
        ) : list.status === 'error' ? (
          <div className="mod-state" role="alert">
            <p className="form-error">Det gick inte att hämta listan.</p>
            <button type="button" className="button button-secondary" onClick={list.reload}>
              Försök igen
            </button>
          </div>
        ) : list.items.length === 0 ? (
          <p className="mod-state mod-empty">Ingen är avstängd.</p>
        ) : (
          <>
            <table className="mod-table">
              <caption className="visually-hidden">Avstängda och alltid granskade kommentatorer</caption>
              <thead>
                <tr>
                  <th scope="col">Vem</th>
                  <th scope="col">Åtgärd</th>
                  <th scope="col">Till och med</th>
                  <th scope="col">Anledning</th>
                  <th scope="col">Av</th>
                  <th scope="col">
                    <span className="visually-hidden">Häv</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((b) => (
                  <tr key={b.id}>
                    <td data-label="Vem">{banTargetText(b)}</td>
                    <td data-label="Åtgärd">{b.kind === 'ban' ? 'Avstängd' : 'Granskas alltid'}</td>
                    <td data-label="Till och med">
                      {b.expires_at ? <time dateTime={b.expires_at}>{when.format(new Date(b.expires_at))}</time> : 'För alltid'}
                    </td>
                    <td data-label="Anledning">{b.reason || '–'}</td>
                    <td data-label="Av">{b.created_by_name ?? '–'}</td>
                    <td data-label="Åtgärd">
                      <button
                        type="button"
                        className="button button-secondary button-small"
                        onClick={() => {
                          setLiftError(null);
                          setLifting(b);
                        }}
                      >
                        Häv<span className="visually-hidden"> för {banTargetText(b)}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.moreFailed && (
              <p className="form-error" role="alert">
                Det gick inte att hämta fler.
              </p>
            )}
            {list.hasMore && (
              <div className="mod-more">
                <button type="button" className="button button-secondary" disabled={list.loadingMore} onClick={list.loadMore}>
                  {list.loadingMore ? 'Laddar...' : 'Visa fler'}
                </button>
              </div>
            )}
          </>
        )}
      </section>

      <ConfirmDialog
        open={lifting !== null}
        title="Häva avstängningen?"
        confirmLabel="Häv"
        pendingLabel="Häver..."
        pending={liftBusy}
        error={liftError}
        onConfirm={() => void lift()}
        onCancel={() => setLifting(null)}
      >
        <p>{lifting && `${banTargetText(lifting)} kan kommentera som vanligt igen.`}</p>
      </ConfirmDialog>
    </div>
  );
}
