import { type ContactInput, INBOX_LIMITS, INBOX_MSG, validateContact } from '@vaggen/contract';
import { useId, useState } from 'react';
import { EmailField, FormError, FormField, InputField } from '../../../components/FormField';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { staticPagesApi } from '../api';
import { RequiredNote, ThankYou } from './FormParts';

const EMPTY: ContactInput = { name: '', email: '', message: '' };

/** Contact form of spec 001 §2 / §5: name, e-mail and message, sent to the newsroom's inbox. */
export function ContactForm() {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const errorId = useId();
  const form = useFormSubmission({
    idPrefix: 'contact',
    validate: validateContact,
    send: (v: ContactInput) =>
      staticPagesApi.sendContact({ name: v.name.trim(), email: v.email.trim(), message: v.message.trim() }),
    failMsg: INBOX_MSG.sendFailed,
  });
  const set = (f: keyof ContactInput) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  if (form.phase === 'sent') {
    return (
      <ThankYou
        title={INBOX_MSG.contactSent}
        againLabel="Skicka ett nytt meddelande"
        onAgain={() => {
          setValues(EMPTY);
          form.reset();
        }}
      >
        <p>Vi har tagit emot ditt meddelande och svarar vanligtvis inom två arbetsdagar.</p>
      </ThankYou>
    );
  }

  return (
    <form
      className="reader-form"
      method="post"
      onSubmit={(e) => form.submit(e, values)}
      noValidate
      aria-label="Kontaktformulär"
    >
      <RequiredNote />
      <div className="form-row">
        <InputField
          id="contact-name"
          label="Namn"
          required
          invalid={form.isInvalid('name')}
          errorId={errorId}
          name="name"
          autoComplete="name"
          maxLength={INBOX_LIMITS.name}
          value={values.name}
          onChange={set('name')}
        />
        <EmailField
          id="contact-email"
          label="E-post"
          required
          invalid={form.isInvalid('email')}
          errorId={errorId}
          name="email"
          value={values.email}
          onChange={set('email')}
        />
      </div>
      <FormField id="contact-message" label="Meddelande" required invalid={form.isInvalid('message')} errorId={errorId}>
        {(c) => (
          <textarea
            {...c}
            name="message"
            rows={6}
            maxLength={INBOX_LIMITS.message}
            value={values.message}
            onChange={set('message')}
          />
        )}
      </FormField>
      <FormError id={errorId} msg={form.problem?.msg} />
      <button type="submit" className="button" disabled={form.busy}>
        {form.sending ? 'Skickar...' : 'Skicka meddelande'}
      </button>
    </form>
  );
}
