import { type ContactInput, INBOX_LIMITS, INBOX_MSG, validateContact } from '@vaggen/contract';
import { useId, useState } from 'react';
import { staticPagesApi } from '../api';
import { FormError, RequiredMark, RequiredNote, ThankYou, useFormSubmission } from './FormParts';

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
        <div className="field">
          <label htmlFor="contact-name">
            Namn
            <RequiredMark />
          </label>
          <input
            id="contact-name"
            name="name"
            autoComplete="name"
            maxLength={INBOX_LIMITS.name}
            value={values.name}
            onChange={set('name')}
            {...form.invalidProps('name', errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="contact-email">
            E-post
            <RequiredMark />
          </label>
          <input
            id="contact-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={INBOX_LIMITS.email}
            value={values.email}
            onChange={set('email')}
            {...form.invalidProps('email', errorId)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-message">
          Meddelande
          <RequiredMark />
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={INBOX_LIMITS.message}
          value={values.message}
          onChange={set('message')}
          {...form.invalidProps('message', errorId)}
        />
      </div>
      <FormError id={errorId} msg={form.problem?.msg} />
      <button type="submit" className="button" disabled={form.busy}>
        {form.sending ? 'Skickar...' : 'Skicka meddelande'}
      </button>
    </form>
  );
}
