import {
  ACCOUNT_MSG,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REGISTER_REDIRECT_MS,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
} from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { authApi } from '../api';
import type { LoginState } from '../redirect';

type Field = 'username' | 'full_name' | 'email' | 'password' | 'confirm';

/** Client rules of spec 001 §5, in the table's order; returns the message and the field it is about. */
export function validateRegistration(v: Record<Field, string>): { msg: string; field: Field } | null {
  if (!v.username.trim()) return { msg: ACCOUNT_MSG.registerRequired, field: 'username' };
  if (!v.password) return { msg: ACCOUNT_MSG.registerRequired, field: 'password' };
  if (!v.confirm) return { msg: ACCOUNT_MSG.registerRequired, field: 'confirm' };
  if (v.password !== v.confirm) return { msg: ACCOUNT_MSG.passwordsMismatch, field: 'confirm' };
  if (v.password.length < PASSWORD_MIN_LENGTH) return { msg: ACCOUNT_MSG.passwordTooShort, field: 'password' };
  if (v.email.trim() && !EMAIL_PATTERN.test(v.email.trim())) return { msg: ACCOUNT_MSG.invalidEmail, field: 'email' };
  const u = v.username.trim();
  if (u.length < USERNAME_MIN || u.length > USERNAME_MAX || !USERNAME_PATTERN.test(u))
    return { msg: ACCOUNT_MSG.usernameInvalid, field: 'username' };
  return null;
}

/** Spec 001 §2 register page: on success a note, then /login after 2 s with the registrationSuccess flag. */
export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    full_name: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [error, setError] = useState<{ msg: string; field?: Field } | null>(null);
  const [phase, setPhase] = useState<'idle' | 'submitting' | 'success'>('idle');
  const errorId = useId();

  useEffect(() => {
    if (phase !== 'success') return;
    const state: LoginState = { registrationSuccess: true };
    const t = setTimeout(() => navigate('/login', { state }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [phase, navigate]);

  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (phase !== 'idle') return;
    const invalid = validateRegistration(values);
    if (invalid) {
      setError(invalid);
      document.getElementById(`register-${invalid.field}`)?.focus();
      return;
    }
    setError(null);
    setPhase('submitting');
    try {
      await authApi.register({
        username: values.username.trim(),
        password: values.password,
        ...(values.email.trim() ? { email: values.email.trim() } : {}),
        ...(values.full_name.trim() ? { full_name: values.full_name.trim() } : {}),
      });
      setPhase('success');
    } catch (err) {
      setError({ msg: err instanceof ApiError && err.serverMsg ? err.serverMsg : ACCOUNT_MSG.registerFailed });
      setPhase('idle');
    }
  }

  const aria = (f: Field) => (error?.field === f ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {});
  const busy = phase !== 'idle';

  return (
    <div className="account-card">
      <h1 className="account-title">Skapa konto</h1>
      {phase === 'success' ? (
        <p className="form-success" role="status">
          {ACCOUNT_MSG.registerSuccess}
        </p>
      ) : (
        <form className="account-form" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor="register-username">
              Användarnamn <span aria-hidden="true">*</span>
            </label>
            <input
              id="register-username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={USERNAME_MAX}
              value={values.username}
              onChange={set('username')}
              {...aria('username')}
            />
            <p className="field-hint">
              {USERNAME_MIN}–{USERNAME_MAX} tecken: bokstäverna a–z, siffror, punkt, bindestreck och understreck.
            </p>
          </div>
          <div className="field">
            <label htmlFor="register-full_name">Namn</label>
            <input
              id="register-full_name"
              name="full_name"
              autoComplete="name"
              maxLength={FULL_NAME_MAX}
              value={values.full_name}
              onChange={set('full_name')}
              {...aria('full_name')}
            />
          </div>
          <div className="field">
            <label htmlFor="register-email">E-post</label>
            <input
              id="register-email"
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              {...aria('email')}
            />
          </div>
          <div className="field">
            <label htmlFor="register-password">
              Lösenord <span aria-hidden="true">*</span>
            </label>
            <input
              id="register-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={values.password}
              onChange={set('password')}
              {...aria('password')}
            />
            <p className="field-hint">Minst {PASSWORD_MIN_LENGTH} tecken.</p>
          </div>
          <div className="field">
            <label htmlFor="register-confirm">
              Bekräfta lösenord <span aria-hidden="true">*</span>
            </label>
            <input
              id="register-confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              value={values.confirm}
              onChange={set('confirm')}
              {...aria('confirm')}
            />
          </div>
          {error && (
            <p id={errorId} className="form-error" role="alert">
              {error.msg}
            </p>
          )}
          <button type="submit" className="button button-block" disabled={busy}>
            {phase === 'submitting' ? 'Skapar konto...' : 'Skapa konto'}
          </button>
        </form>
      )}
      <p className="account-switch">
        Har du redan ett konto? <Link to="/login">Logga in</Link>
      </p>
    </div>
  );
}
