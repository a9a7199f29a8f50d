import { NOTIFICATION_MAIL_MSG, type NotificationMailKind, type NotificationMailPrefs } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { notificationsApi } from '../api';

/** Profile: which notifications also come by e-mail (issue 21), one switch per kind, saved at once. */
export function MailNotificationsSection({ hasEmail }: { hasEmail: boolean }) {
  const [prefs, setPrefs] = useState<NotificationMailPrefs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState<NotificationMailKind | null>(null);

  useEffect(() => {
    notificationsApi
      .mailPrefs()
      .then(setPrefs)
      .catch(() => setError('Det gick inte att hämta dina val. Ladda om sidan och försök igen.'));
  }, []);

  async function toggle(kind: NotificationMailKind, enabled: boolean) {
    const before = prefs;
    setBusy(kind);
    setError(null);
    setSaved(null);
    // The box follows the click at once; the server's answer (or the old state on failure) follows.
    setPrefs((p) => p && { ...p, kinds: p.kinds.map((k) => (k.kind === kind ? { ...k, enabled } : k)) });
    try {
      setPrefs(await notificationsApi.setMailPref(kind, enabled));
      setSaved(NOTIFICATION_MAIL_MSG.saved);
    } catch (err) {
      setPrefs(before);
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Det gick inte att spara. Försök igen.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="profile-section surface" aria-labelledby="mail-notifications-title">
      <h2 id="mail-notifications-title">{NOTIFICATION_MAIL_MSG.heading}</h2>
      <p className="muted">{NOTIFICATION_MAIL_MSG.intro}</p>
      {!hasEmail && <p className="form-info">{NOTIFICATION_MAIL_MSG.noEmail}</p>}
      {!prefs && !error && <p className="muted">Laddar...</p>}
      {prefs && (
        <fieldset className="mail-prefs">
          <legend className="visually-hidden">Skicka e-post om</legend>
          {prefs.kinds.map((k) => (
            <label key={k.kind} className="mail-pref">
              <input
                type="checkbox"
                checked={k.enabled}
                disabled={busy !== null}
                onChange={(e) => void toggle(k.kind, e.target.checked)}
              />{' '}
              {k.label}
            </label>
          ))}
        </fieldset>
      )}
      <FormSuccess msg={saved} />
      <FormError msg={error} />
    </section>
  );
}
