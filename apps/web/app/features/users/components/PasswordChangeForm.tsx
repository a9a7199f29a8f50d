import { PASSWORD_MIN_LENGTH, USERS_MSG } from '@vaggen/contract';
import { useId, useState } from 'react';
import { FormError, FormSuccess, InputField, SubmitButton } from '../../../components/FormField';
import { sendJson } from '../../../lib/api';
import { useFormSubmission } from '../../../lib/useFormSubmission';

type Passwords = { current: string; next: string; repeat: string };

/**
 * Issue 17: change one's own password on the profile page. The server checks the current password,
 * the 8-character minimum and the common-password list, and signs out every other session.
 */
export function PasswordChangeForm() {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
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
      setCurrent('');
      setNext('');
      setRepeat('');
    },
    failMsg: USERS_MSG.genericError,
    stayOpen: true,
  });
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
          void form.submit(e, { current, next, repeat });
        }}
        noValidate
      >
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
        <SubmitButton form={form} label="Byt lösenord" sendingLabel="Byter..." />
      </form>
    </section>
  );
}
