import { MAIL_MSG, type MailSettings, type MailStatus, SUCCESS_MESSAGE_MS } from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { FormFooter, InputField } from '../../../components/FormField';
import { formatArticleDate } from '../../../lib/format';
import { useFlash } from '../../../lib/useFlash';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { mailApi } from '../api';

/**
 * Issue 21 (admins): is e-mail sent at all (SMTP_URL), the queue and failures, and the e-mail
 * verification setting for new accounts.
 */
export function MailAdminPage() {
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [settings, setSettings] = useState<MailSettings | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [saved, flashSaved] = useFlash(SUCCESS_MESSAGE_MS);
  const id = useId();
  const form = useFormSubmission<MailSettings, 'require_email_verification'>({
    idPrefix: id,
    send: async (v) => {
      setSettings(await mailApi.saveSettings(v));
      flashSaved(MAIL_MSG.settingsSaved);
    },
    failMsg: 'Det gick inte att spara inställningen. Försök igen.',
    stayOpen: true,
  });

  const load = () => {
    setLoadError(false);
    Promise.all([mailApi.status(), mailApi.settings()])
      .then(([st, se]) => {
        setStatus(st);
        setSettings(se);
      })
      .catch((err) => {
        console.error('loading the mail status failed', err);
        setLoadError(true);
      });
  };
  useEffect(load, []);

  return (
    <div className="mail-page">
      <p className="mail-back">
        <Link to="/admin">‹ Redaktionen</Link>
      </p>
      <h1 className="page-title">E-post</h1>
      {loadError ? (
        <div role="alert">
          <p className="form-error">Det gick inte att hämta läget för e-posten.</p>
          <p>
            <button type="button" className="button button-secondary" onClick={load}>
              Försök igen
            </button>
          </p>
        </div>
      ) : !status || !settings ? (
        <p role="status">Hämtar…</p>
      ) : (
        <>
          <section className="mail-section surface" aria-labelledby={`${id}-status`}>
            <h2 id={`${id}-status`}>Utskick</h2>
            <p className={status.configured ? 'form-success' : 'form-error'} role="status">
              {status.msg}
            </p>
            <dl className="mail-facts">
              <dt>Avsändare</dt>
              <dd>{status.from}</dd>
              <dt>I kö</dt>
              <dd>{status.queued}</dd>
              <dt>Misslyckade</dt>
              <dd>{status.failed}</dd>
              <dt>Senast skickat</dt>
              <dd>{status.lastSentAt ? formatArticleDate(status.lastSentAt) : 'Inget brev ännu'}</dd>
            </dl>
          </section>
          <section className="mail-section surface" aria-labelledby={`${id}-settings`}>
            <h2 id={`${id}-settings`}>Bekräftad e-postadress</h2>
            <form className="mail-settings-form" onSubmit={(e) => form.submit(e, settings)} noValidate>
              <InputField
                id={`${id}-require_email_verification`}
                label={MAIL_MSG.requireVerificationLabel}
                hint="Nya konton med e-postadress får ett mejl med en länk som gäller i 48 timmar. Befintliga konton räknas som bekräftade. Besökare utan konto påverkas inte."
                {...form.field('require_email_verification')}
                type="checkbox"
                className="mail-checkbox"
                checked={settings.require_email_verification}
                onChange={(e) => setSettings({ require_email_verification: e.target.checked })}
              />
              <FormFooter form={form} paragraph={false} success={saved} label="Spara" sendingLabel="Sparar..." />
            </form>
          </section>
        </>
      )}
    </div>
  );
}
