import {
  type CommentChoice,
  canWrite,
  DELETED_USER_NAME,
  exportFileName,
  MSG,
  PASSWORD_MAX_LENGTH,
  PRIVACY_MSG,
  type User,
} from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormFooter, InputField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { saveFile } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { privacyApi } from '../api';

/** How long the "account deleted" message shows before the session ends (like registration's 2 s). */
const SIGN_OUT_AFTER_MS = 2000;

/** Issue 21: "Ladda ner mina uppgifter" — the JSON of everything kept about the account. */
function DownloadData({ user }: { user: User }) {
  const [state, setState] = useState<'idle' | 'loading' | 'done' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function download() {
    setState('loading');
    setError(null);
    try {
      const { blob, filename } = await privacyApi.download();
      saveFile(blob, filename ?? exportFileName());
      setState('done');
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : PRIVACY_MSG.exportFailed);
      setState('error');
    }
  }

  return (
    <div className="privacy-part">
      <h3 id={`${id}-title`}>Ladda ner mina uppgifter</h3>
      <p>
        Du får en JSON-fil med allt Väggen sparar om ditt konto: kontouppgifter, inloggningar, kommentarer,
        notifikationer, förfrågningar om roller, anmälningar och eventuella avstängningar
        {canWrite(user) ? ', din API-token (bara när den skapades) och artiklarna du har skrivit' : ''}. Lösenord och
        nycklar ingår aldrig.
      </p>
      <button type="button" className="button button-secondary" onClick={download} disabled={state === 'loading'}>
        {state === 'loading' ? 'Hämtar...' : 'Ladda ner mina uppgifter'}
      </button>
      {state === 'done' && (
        <p className="form-success" role="status">
          Filen är nedladdad.
        </p>
      )}
      <FormError msg={state === 'error' ? error : null} />
    </div>
  );
}

type Field = 'password' | 'comments';

/** What the reader may do with their comments when the account goes. */
const COMMENT_CHOICES: { value: CommentChoice; label: React.ReactNode }[] = [
  { value: 'keep', label: <>Behåll dem, men visa dem som ”{DELETED_USER_NAME}”</> },
  { value: 'delete', label: <>Ta bort dem (en kommentar som andra har svarat på visas som ”{MSG.commentDeleted}”)</> },
];

/** Issue 21: "Radera mitt konto" — with the password, and the reader's choice for the comments. */
function DeleteAccount({ user }: { user: User }) {
  const session = useSession();
  const id = useId();
  const [deleted, setDeleted] = useState(false);
  const form = useFormSubmission<{ password: string; comments: CommentChoice }, Field>({
    idPrefix: 'privacy',
    validate: (v) => (v.password ? null : { msg: PRIVACY_MSG.passwordMissing, field: 'password' }),
    send: async (v) => {
      await privacyApi.deleteAccount(v);
      setDeleted(true);
    },
    failMsg: PRIVACY_MSG.deleteFailed,
  });
  const { values, setValues, bind } = useFormValues<{ password: string; comments: CommentChoice }>(
    { password: '', comments: 'keep' },
    form,
  );

  // The server has ended every session already; the page signs out once the message was seen.
  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => void session.logout(), SIGN_OUT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [deleted, session]);

  if (deleted) {
    return (
      <div className="privacy-part privacy-delete">
        <h3>Radera mitt konto</h3>
        <p className="form-success" role="status">
          {PRIVACY_MSG.deleted} Du loggas ut...
        </p>
      </div>
    );
  }

  return (
    <div className="privacy-part privacy-delete">
      <h3 id={`${id}-title`}>Radera mitt konto</h3>
      <p>
        Ditt konto och dina personuppgifter tas bort för gott: användarnamn, namn, e-post, profilbild, inloggningar,
        notifikationer och förfrågningar. Det går inte att ångra.
        {canWrite(user) ? ' Artiklar du har skrivit finns kvar med ditt namn som byline.' : ''}
      </p>
      <form className="account-form" onSubmit={(e) => void form.submit(e, values)} noValidate>
        <fieldset className="privacy-choice">
          <legend>Dina kommentarer</legend>
          {COMMENT_CHOICES.map((c) => (
            <label key={c.value}>
              <input
                type="radio"
                name="comments"
                value={c.value}
                checked={values.comments === c.value}
                onChange={() => setValues((v) => ({ ...v, comments: c.value }))}
              />{' '}
              {c.label}
            </label>
          ))}
        </fieldset>
        <InputField
          id="privacy-password"
          label="Bekräfta med ditt lösenord"
          required
          {...bind('password')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <FormFooter
          form={form}
          paragraph={false}
          buttonClassName="button button-danger"
          label="Radera mitt konto"
          sendingLabel="Raderar..."
        />
      </form>
    </div>
  );
}

/** The profile's section about the reader's own data (issue 21), below everything spec 001 lists. */
export function PersonalDataSection({ user }: { user: User }) {
  return (
    <section className="profile-section personal-data-section surface" aria-labelledby="privacy-title">
      <h2 id="privacy-title">Dina uppgifter</h2>
      <DownloadData user={user} />
      <DeleteAccount user={user} />
      <p className="muted privacy-policy-link">
        Läs mer i vår <Link to="/integritetspolicy">integritetspolicy</Link>.
      </p>
    </section>
  );
}
