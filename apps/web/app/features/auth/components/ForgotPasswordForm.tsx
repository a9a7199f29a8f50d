import { AUTH_MSG, EMAIL_PATTERN, USERS_MSG } from '@vaggen/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailField, FormFooter } from '../../../components/FormField';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { authApi } from '../api';

/** Issue 21: ask for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<string>(AUTH_MSG.forgotPasswordSent);
  const form = useFormSubmission<string, 'email'>({
    idPrefix: 'forgot',
    validate: (v) => (EMAIL_PATTERN.test(v.trim()) ? null : { msg: USERS_MSG.invalidEmail, field: 'email' }),
    send: async (v) => setAnswer((await authApi.forgotPassword(v.trim())).msg),
    failMsg: AUTH_MSG.forgotPasswordFailed,
  });

  return (
    <div className="account-card surface">
      <h1 className="account-title">Glömt lösenordet?</h1>
      {form.phase === 'sent' ? (
        <p className="form-success" role="status">
          {answer}
        </p>
      ) : (
        <>
          <p className="account-intro">
            Skriv e-postadressen som hör till ditt konto, så skickar vi en länk där du väljer ett nytt lösenord.
          </p>
          <form className="account-form" onSubmit={(e) => form.submit(e, email)} noValidate>
            <EmailField
              id="forgot-email"
              label="E-post"
              required
              {...form.field('email')}
              name="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FormFooter
              form={form}
              paragraph={false}
              buttonClassName="button button-block"
              label="Skicka länk"
              sendingLabel="Skickar..."
            />
          </form>
        </>
      )}
      <p className="account-switch">
        Kom du ihåg det? <Link to="/login">Logga in</Link>
      </p>
    </div>
  );
}
