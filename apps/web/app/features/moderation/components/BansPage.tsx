import {
  type Ban,
  EMAIL_MAX,
  formatShortDateTime,
  MODERATION_REASON_MAX,
  SUCCESS_MESSAGE_MS,
  type User,
} from '@vaggen/contract';
import { useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataState } from '../../../components/DataState';
import { FormError, FormField, InputField, SubmitButton } from '../../../components/FormField';
import { LoadMore } from '../../../components/LoadMore';
import { TableHead } from '../../../components/TableHead';
import { useCursorList } from '../../../lib/cursor-list';
import { useFlash } from '../../../lib/useFlash';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { moderationApi } from '../api';
import {
  BAN_DURATIONS,
  type BanField,
  type BanValues,
  banInput,
  banTargetText,
  EMPTY_BAN,
  valuesFromParams,
} from '../banForm';
import { actionErrorText } from '../texts';
import { ModerationHeader } from './ModerationNav';

/**
 * Bans and always pre-moderated commenters (issue 16, admins): the form (an account or an e-mail
 * address; for a number of days or for good; a reason), and the list with "Häv" for each.
 */
export function BansPage({ user }: { user: User }) {
  const [params] = useSearchParams();
  const idOf = useCallback((b: Ban) => b.id, []);
  const fetchPage = useCallback((cursor: string | null) => moderationApi.bans(cursor), []);
  const list = useCursorList<Ban>('bans', fetchPage, idOf);
  const [values, setValues] = useState<BanValues>(() => valuesFromParams(params));
  const [done, flashDone] = useFlash(SUCCESS_MESSAGE_MS);
  const [lifting, setLifting] = useState<Ban | null>(null);
  const [liftBusy, setLiftBusy] = useState(false);
  const [liftError, setLiftError] = useState<string | null>(null);
  const id = useId();
  const form = useFormSubmission<BanValues, BanField>({
    idPrefix: id,
    send: async (v) => {
      // an account named by username: look it up among the accounts (admins may list them)
      const accounts = v.targetKind === 'account' && v.accountId === null ? await moderationApi.users() : null;
      const r = banInput(v, accounts, Date.now());
      if (!r.ok) {
        form.fail(r.problem); // the send ends without saving; the problem stays on its field
        return;
      }
      await moderationApi.ban(r.input);
      setValues(EMPTY_BAN);
      flashDone(v.kind === 'ban' ? 'Kommentatorn är avstängd.' : 'Kommentatorns kommentarer granskas nu alltid.');
      list.reload();
    },
    failMsg: actionErrorText,
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

  const fromQueue = values.targetKind === 'account' && values.accountId !== null;

  return (
    <div className="mod-page">
      <ModerationHeader user={user} title="Avstängda kommentatorer" />

      <section className="mod-section" aria-labelledby={`${id}-form-title`}>
        <h2 id={`${id}-form-title`}>Stäng av eller granska en kommentator</h2>
        <form
          className="mod-form"
          noValidate
          aria-labelledby={`${id}-form-title`}
          onSubmit={(e) => void form.submit(e, values)}
        >
          <fieldset>
            <legend>Vem</legend>
            <label className="mod-radio">
              <input
                type="radio"
                name={`${id}-targetKind`}
                checked={values.targetKind === 'account'}
                onChange={() => setValues({ ...values, targetKind: 'account', target: '', accountId: null })}
              />
              Ett konto
            </label>
            <label className="mod-radio">
              <input
                type="radio"
                name={`${id}-targetKind`}
                checked={values.targetKind === 'email'}
                onChange={() => setValues({ ...values, targetKind: 'email', target: '', accountId: null })}
              />
              En e-postadress (den som kommenterar utan konto)
            </label>
            <InputField
              id={`${id}-target`}
              label={values.targetKind === 'email' ? 'E-postadress' : 'Användarnamn'}
              required
              hint={fromQueue ? 'Kontot från granskningskön.' : undefined}
              {...form.field('target')}
              type={values.targetKind === 'email' ? 'email' : 'text'}
              autoComplete="off"
              maxLength={EMAIL_MAX}
              readOnly={fromQueue}
              value={values.target}
              onChange={(e) => setValues({ ...values, target: e.target.value })}
            />
            {fromQueue && (
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setValues({ ...values, target: '', accountId: null })}
              >
                Välj ett annat konto
              </button>
            )}
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
              <select
                {...c}
                value={values.duration}
                onChange={(e) => setValues({ ...values, duration: e.target.value })}
              >
                {BAN_DURATIONS.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={`${id}-reason`} label="Anledning" hint="Sparas i loggen." {...form.field('reason')}>
            {(c) => (
              <textarea
                {...c}
                rows={2}
                maxLength={MODERATION_REASON_MAX}
                value={values.reason}
                onChange={(e) => setValues({ ...values, reason: e.target.value })}
              />
            )}
          </FormField>
          <FormError id={form.errorId} msg={form.problem?.msg} />
          <div className="mod-form-buttons">
            <SubmitButton
              form={form}
              label={values.kind === 'ban' ? 'Stäng av' : 'Granska alltid'}
              sendingLabel="Sparar..."
            />
          </div>
        </form>
      </section>

      <p className="mod-saved" role="status">
        {done}
      </p>

      <section className="mod-section" aria-labelledby={`${id}-list-title`}>
        <h2 id={`${id}-list-title`}>Gällande</h2>
        <DataState
          status={list.status}
          className="mod-state"
          loading={'Laddar...'}
          error={'Det gick inte att hämta listan.'}
          onRetry={list.reload}
          isEmpty={list.items.length === 0}
          empty={'Ingen är avstängd eller granskas alltid.'}
          emptyClassName="mod-state mod-empty"
        >
          {() => (
            <>
              <table className="mod-table">
                <caption className="visually-hidden">Avstängda och alltid granskade kommentatorer</caption>
                <TableHead columns={['Vem', 'Åtgärd', 'Till', 'Anledning', { hidden: 'Häv' }]} />
                <tbody>
                  {list.items.map((b) => (
                    <tr key={b.id}>
                      <td data-label="Vem">{banTargetText(b)}</td>
                      <td data-label="Åtgärd">{b.kind === 'ban' ? 'Avstängd' : 'Granskas alltid'}</td>
                      <td data-label="Till">
                        {b.until ? <time dateTime={b.until}>{formatShortDateTime(b.until)}</time> : 'För alltid'}
                      </td>
                      <td data-label="Anledning">{b.reason || '–'}</td>
                      <td data-label="">
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
              <LoadMore list={list} failText="Det gick inte att hämta fler." />
            </>
          )}
        </DataState>
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
