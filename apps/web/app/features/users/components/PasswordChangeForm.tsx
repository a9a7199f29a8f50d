import { PASSWORD_MIN_LENGTH, USERS_MSG } from '@vaggen/contract';
import { type FormEvent, useId, useState } from 'react';
import { FormError, FormSuccess, InputField } from '../../../components/FormField';
import { ApiError, sendJson } from '../../../lib/api';

/**
 * Issue 17: change one's own password on the profile page. The server checks the current password,
 * the 8-character minimum and the common-password list, and signs out every other session.
 */
export function PasswordChangeForm() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    if (!current || !next) return setError('Fyll i nuvarande och nytt lösenord.');
    if (next.length < PASSWORD_MIN_LENGTH) return setError(USERS_MSG.passwordTooShort);
    if (next !== repeat) return setError(USERS_MSG.passwordsMismatch);
    setError(null);
    setSaving(true);
    try {
      const res = await sendJson<{ msg: string }>('PUT', '/api/profile/password', {
        current_password: current,
        new_password: next,
      });
      setDone(res.msg);
      setCurrent('');
      setNext('');
      setRepeat('');
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : USERS_MSG.genericError);
    } finally {
      setSaving(false);
    }
  };

  const errorId = `${id}-error`;
  const described = error ? { 'aria-describedby': errorId } : {};
  return (
    <section className="profile-section surface" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Byt lösenord</h2>
      <form className="account-form" onSubmit={submit} noValidate>
        <InputField
          id={`${id}-current`}
          label="Nuvarande lösenord"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          {...described}
        />
        <InputField
          id={`${id}-next`}
          label="Nytt lösenord"
          hint={<>Minst {PASSWORD_MIN_LENGTH} tecken. Vanliga lösenord godtas inte.</>}
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          {...described}
        />
        <InputField
          id={`${id}-repeat`}
          label="Upprepa nytt lösenord"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          {...described}
        />
        <FormError id={errorId} msg={error} />
        <FormSuccess msg={done} />
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Byter...' : 'Byt lösenord'}
        </button>
      </form>
    </section>
  );
}
