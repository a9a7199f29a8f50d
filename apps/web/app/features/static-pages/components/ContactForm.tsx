import { type ContactInput, INBOX_LIMITS, INBOX_MSG, validateContact } from '@vaggen/contract';
import { EmailField, FormField, NameField } from '../../../components/FormField';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { staticPagesApi } from '../api';
import { ReaderForm, ThankYou, useReaderForm } from './FormParts';

const EMPTY: ContactInput = { name: '', email: '', message: '' };

/** Contact form of spec 001 §2 / §5: name, e-mail and message, sent to the newsroom's inbox. */
export function ContactForm() {
  const { form, input, bind, onSubmit, startOver } = useReaderForm({
    idPrefix: 'contact',
    validate: validateContact,
    send: (v: ContactInput) =>
      staticPagesApi.sendContact({ name: v.name.trim(), email: v.email.trim(), message: v.message.trim() }),
    empty: EMPTY,
  });

  if (form.phase === 'sent') {
    return (
      <ThankYou title={INBOX_MSG.contactSent} againLabel="Skicka ett nytt meddelande" onAgain={startOver}>
        <p>Vi har tagit emot ditt meddelande och svarar vanligtvis inom två arbetsdagar.</p>
      </ThankYou>
    );
  }

  return (
    <ReaderForm label="Kontaktformulär" form={form} onSubmit={onSubmit} submitLabel="Skicka meddelande">
      <div className="form-row">
        <NameField id="contact-name" required {...bind('name')} maxLength={INBOX_LIMITS.name} />
        <EmailField id="contact-email" label="E-post" required {...bind('email')} />
      </div>
      <FormField id="contact-message" label="Meddelande" required {...form.field('message')}>
        {(c) => <textarea {...c} {...input('message')} rows={6} maxLength={INBOX_LIMITS.message} />}
      </FormField>
    </ReaderForm>
  );
}

/** Issue 46: the form as an island of its page (its code fetched by that page only: islands.ts). */
export const ContactFormIsland = island(FORM_ISLANDS.contact, ContactForm);
