import { MSG } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { FormError, InputField } from '../../../components/FormField';
import { isHydrated } from '../../../lib/hydration';
import { afterLoginPath, type LoginState } from '../../../lib/session/redirect';
import { useSession } from '../../../lib/session/session';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { authApi } from '../api';

export const REGISTERED_NOTE = 'Ditt konto har skapats. Logga in med ditt användarnamn och lösenord.';

/** Spec 000 §2 / §5 / §8: username + password; after login to the origin location or /admin. */
export function LoginForm() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The server never sees the history state: on a reload of /login right after registering, the
  // browser would render the note while hydrating and the server had not (React error #418, the
  // page rendered again). It shows from the first effect on; at once on a page the browser renders.
  const [afterHydration, setAfterHydration] = useState(isHydrated);
  useEffect(() => setAfterHydration(true), []);
  const registered = afterHydration && (location.state as LoginState | null)?.registrationSuccess === true;
  // Sent, the form stays busy while the next page loads.
  const form = useFormSubmission<{ username: string; password: string }, never>({
    idPrefix: 'login',
    validate: (v) => (!v.username.trim() || !v.password ? { msg: MSG.loginRequired } : null),
    send: async (v) => {
      const res = await authApi.login(v.username.trim(), v.password);
      await session.login(res);
      navigate(afterLoginPath(location.state, location.search), { replace: true });
    },
    failMsg: MSG.loginFailed,
  });
  const { values, input } = useFormValues({ username: '', password: '' }, form);
  const error = form.problem?.msg ?? null;
  const errorId = form.errorId;
  const sending = form.phase !== 'idle';

  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <div className="account-card surface">
      <h1 className="account-title">Logga in</h1>
      {registered && !error && (
        <p className="form-success" role="status">
          {REGISTERED_NOTE}
        </p>
      )}
      <form className="account-form" onSubmit={(e) => void form.submit(e, values)} noValidate>
        <InputField
          id="login-username"
          label="Användarnamn"
          {...input('username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...invalid}
        />
        <InputField
          id="login-password"
          label="Lösenord"
          {...input('password')}
          type="password"
          autoComplete="current-password"
          {...invalid}
        />
        <FormError id={errorId} msg={error} />
        <button type="submit" className="button button-block" disabled={sending || form.busy}>
          {sending ? 'Loggar in...' : 'Logga in'}
        </button>
      </form>
      <p className="account-forgot">
        <Link to="/glomt-losenord">Glömt lösenordet?</Link>
      </p>
      <p className="account-switch">
        Har du inget konto? <Link to="/register">Skapa konto</Link>
      </p>
    </div>
  );
}
