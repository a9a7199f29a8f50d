import { AUTH_MSG, EMAIL_PATTERN, USERS_MSG } from '@vaggen/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailField, FormFooter } from '../../../components/FormField';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { authApi } from '../api';

/** Issue 21: ask for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [answer, setAnswer] = useState<string>(AUTH_MSG.forgotPasswordSent);
  const form = useFormSubmission<{ email: string }, 'email'>({
    idPrefix: 'forgot',
    validate: (v) => (EMAIL_PATTERN.test(v.email.trim()) ? null : { msg: USERS_MSG.invalidEmail, field: 'email' }),
    send: async (v) => setAnswer((await authApi.forgotPassword(v.email.trim())).msg),
    failMsg: AUTH_MSG.forgotPasswordFailed,
  });
  const { values, bind } = useFormValues({ email: '' }, form);

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
          <form className="account-form" onSubmit={(e) => form.submit(e, values)} noValidate>
            <EmailField id="forgot-email" label="E-post" required {...bind('email')} />
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
