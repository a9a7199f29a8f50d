import {
  AUTH_MSG,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  isValidUsername,
  PASSWORD_MIN_LENGTH,
  REGISTER_REDIRECT_MS,
  USERNAME_MAX,
  USERNAME_MIN,
  USERS_MSG,
} from '@vaggen/contract';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmailField, FormError, FormField, FormFooter, NameField } from '../../../components/FormField';
import { type LoginState, safeLocalPath } from '../../../lib/session/redirect';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { authApi } from '../api';
import { NewPasswordFields } from './NewPasswordFields';

type Field = 'username' | 'full_name' | 'email' | 'password' | 'confirm';

/** Client rules of spec 001 §5, in the table's order; returns the message and the field it is about. */
export function validateRegistration(v: Record<Field, string>): { msg: string; field: Field } | null {
  if (!v.username.trim()) return { msg: AUTH_MSG.registerRequired, field: 'username' };
  if (!v.password) return { msg: AUTH_MSG.registerRequired, field: 'password' };
  if (!v.confirm) return { msg: AUTH_MSG.registerRequired, field: 'confirm' };
  if (v.password !== v.confirm) return { msg: USERS_MSG.passwordsMismatch, field: 'confirm' };
  if (v.password.length < PASSWORD_MIN_LENGTH) return { msg: USERS_MSG.passwordTooShort, field: 'password' };
  if (v.email.trim() && !EMAIL_PATTERN.test(v.email.trim())) return { msg: USERS_MSG.invalidEmail, field: 'email' };
  if (!isValidUsername(v.username)) return { msg: USERS_MSG.usernameInvalid, field: 'username' };
  return null;
}

/** Spec 001 §2 register page: on success a note, then /login after 2 s with the registrationSuccess flag. */
export function RegisterForm() {
  const navigate = useNavigate();
  // where to go after the login that follows (a gift's redeem link, issue 42): kept on to /login
  const back = safeLocalPath(new URLSearchParams(useLocation().search).get('redirectTo'));
  const form = useFormSubmission({
    idPrefix: 'register',
    validate: validateRegistration,
    send: (v: Record<Field, string>) =>
      authApi.register({
        username: v.username.trim(),
        password: v.password,
        ...(v.email.trim() ? { email: v.email.trim() } : {}),
        ...(v.full_name.trim() ? { full_name: v.full_name.trim() } : {}),
      }),
    failMsg: AUTH_MSG.registerFailed,
  });
  const { values, input, bind } = useFormValues<Record<Field, string>>(
    { username: '', full_name: '', email: '', password: '', confirm: '' },
    form,
  );
  const done = form.phase === 'sent';

  useEffect(() => {
    if (!done) return;
    const state: LoginState = { registrationSuccess: true };
    const to = back ? `/login?redirectTo=${encodeURIComponent(back)}` : '/login';
    const t = setTimeout(() => navigate(to, { state }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, navigate, back]);

  return (
    <div className="account-card surface">
      <h1 className="account-title">Skapa konto</h1>
      {done ? (
        <p className="form-success" role="status">
          {AUTH_MSG.registerSuccess}
        </p>
      ) : (
        <form className="account-form" onSubmit={(e) => form.submit(e, values)} noValidate>
          <FormField
            id="register-username"
            label="Användarnamn"
            required
            hint={
              <>
                {USERNAME_MIN}–{USERNAME_MAX} tecken: bokstäver (a–ö, även é och ü), siffror, punkt, bindestreck och
                understreck.
              </>
            }
            {...form.field('username')}
          >
            {(c) => (
              <input
                {...c}
                {...input('username')}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={USERNAME_MAX}
              />
            )}
          </FormField>
          <NameField id="register-full_name" {...bind('full_name')} maxLength={FULL_NAME_MAX} />
          <EmailField id="register-email" label="E-post" {...bind('email')} />
          <NewPasswordFields
            idPrefix="register"
            labels={{ password: 'Lösenord', confirm: 'Bekräfta lösenord' }}
            hint={<>Minst {PASSWORD_MIN_LENGTH} tecken.</>}
            bind={bind}
          />
          <FormFooter
            form={form}
            paragraph={false}
            buttonClassName="button button-block"
            label="Skapa konto"
            sendingLabel="Skapar konto..."
          />
        </form>
      )}
      <p className="account-switch">
        Har du redan ett konto? <Link to="/login">Logga in</Link>
      </p>
    </div>
  );
}
