import { PASSWORD_MIN_LENGTH, USERS_MSG } from '@vaggen/contract';
import { useId, useState } from 'react';
import { FormError, FormSuccess, InputField, SubmitButton } from '../../../components/FormField';
import { sendJson } from '../../../lib/api';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';

type Passwords = { current: string; next: string; repeat: string };
const EMPTY: Passwords = { current: '', next: '', repeat: '' };

/** The three fields, in order; only the new password has a hint and a minimum length. */
const FIELDS = [
  { field: 'current', label: 'Nuvarande lösenord', autoComplete: 'current-password' },
  { field: 'next', label: 'Nytt lösenord', autoComplete: 'new-password' },
  { field: 'repeat', label: 'Upprepa nytt lösenord', autoComplete: 'new-password' },
] as const;

/**
 * Issue 17: change one's own password on the profile page. The server checks the current password,
 * the 8-character minimum and the common-password list, and signs out every other session.
 */
export function PasswordChangeForm() {
  const id = useId();
  const [done, setDone] = useState<string | null>(null);
  const form = useFormSubmission<Passwords, never>({
    idPrefix: id,
    validate: (v) => {
      if (!v.current || !v.next) return { msg: 'Fyll i nuvarande och nytt lösenord.' };
      if (v.next.length < PASSWORD_MIN_LENGTH) return { msg: USERS_MSG.passwordTooShort };
      if (v.next !== v.repeat) return { msg: USERS_MSG.passwordsMismatch };
      return null;
    },
    send: async (v) => {
      const res = await sendJson<{ msg: string }>('PUT', '/api/profile/password', {
        current_password: v.current,
        new_password: v.next,
      });
      setDone(res.msg);
      setValues(EMPTY);
    },
    failMsg: USERS_MSG.genericError,
    stayOpen: true,
  });
  const { values, setValues, input } = useFormValues<Passwords>(EMPTY, form);
  const error = form.problem?.msg ?? null;

  const errorId = form.errorId;
  const described = error ? { 'aria-describedby': errorId } : {};
  return (
    <section className="profile-section surface" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Byt lösenord</h2>
      <form
        className="account-form"
        onSubmit={(e) => {
          setDone(null);
          void form.submit(e, values);
        }}
        noValidate
      >
        {FIELDS.map(({ field, label, autoComplete }) => (
          <InputField
            key={field}
            id={`${id}-${field}`}
            label={label}
            hint={field === 'next' ? <>Minst {PASSWORD_MIN_LENGTH} tecken. Vanliga lösenord godtas inte.</> : undefined}
            type="password"
            autoComplete={autoComplete}
            minLength={field === 'next' ? PASSWORD_MIN_LENGTH : undefined}
            {...input(field)}
            {...described}
          />
        ))}
        <FormError id={errorId} msg={error} />
        <FormSuccess msg={done} />
        <SubmitButton form={form} label="Byt lösenord" sendingLabel="Byter..." />
      </form>
    </section>
  );
}
