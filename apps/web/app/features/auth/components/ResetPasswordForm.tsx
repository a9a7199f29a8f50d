import { AUTH_MSG, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERS_MSG } from '@vaggen/contract';
import { Link } from 'react-router';
import { FormFooter } from '../../../components/FormField';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { authApi } from '../api';
import { NewPasswordFields } from './NewPasswordFields';

type Field = 'password' | 'confirm';

/** The same client rules as registration (spec 001 §5): both given, equal, long enough. */
export function validateNewPassword(v: Record<Field, string>): { msg: string; field: Field } | null {
  if (!v.password) return { msg: USERS_MSG.passwordTooShort, field: 'password' };
  if (v.password.length < PASSWORD_MIN_LENGTH) return { msg: USERS_MSG.passwordTooShort, field: 'password' };
  if (v.password.length > PASSWORD_MAX_LENGTH) return { msg: USERS_MSG.passwordTooLong, field: 'password' };
  if (v.password !== v.confirm) return { msg: USERS_MSG.passwordsMismatch, field: 'confirm' };
  return null;
}

/** Issue 21: the page a reset mail links to (`?token=…`): a new password, twice. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const form = useFormSubmission<Record<Field, string>, Field>({
    idPrefix: 'reset',
    validate: validateNewPassword,
    send: (v) => authApi.resetPassword(token ?? '', v.password),
    failMsg: AUTH_MSG.passwordResetFailed,
  });
  const { values, bind } = useFormValues<Record<Field, string>>({ password: '', confirm: '' }, form);

  return (
    <div className="account-card surface">
      <h1 className="account-title">Välj ett nytt lösenord</h1>
      {!token ? (
        <>
          <p className="form-error" role="alert">
            {AUTH_MSG.resetLinkMissing}
          </p>
          <p className="account-switch">
            <Link to="/glomt-losenord">Begär en ny länk</Link>
          </p>
        </>
      ) : form.phase === 'sent' ? (
        <>
          <p className="form-success" role="status">
            {AUTH_MSG.passwordResetDone}
          </p>
          <Link to="/login" className="button button-block">
            Till inloggningen
          </Link>
        </>
      ) : (
        <>
          <form className="account-form" onSubmit={(e) => form.submit(e, values)} noValidate>
            <NewPasswordFields
              idPrefix="reset"
              labels={{ password: 'Nytt lösenord', confirm: 'Upprepa lösenordet' }}
              hint={<>Minst {PASSWORD_MIN_LENGTH} tecken. Alla dina inloggningar loggas ut när du byter.</>}
              bind={bind}
            />
            <FormFooter
              form={form}
              paragraph={false}
              buttonClassName="button button-block"
              label="Spara nytt lösenord"
              sendingLabel="Sparar..."
            />
          </form>
          {form.problem?.msg === AUTH_MSG.resetLinkInvalid && (
            <p className="account-switch">
              <Link to="/glomt-losenord">Begär en ny länk</Link>
            </p>
          )}
        </>
      )}
    </div>
  );
}
