import { NEWSLETTER_MSG } from '@vaggen/contract';
import { useState } from 'react';
import { EmailField, FormError, SubmitButton } from '../../../components/FormField';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { newsletterApi } from '../api';

/**
 * The Morgonbrevet sign-up: one field. The same HTML for every visitor (home and article pages are
 * page-cached), sent from the browser; the answer is the same whatever the address (double opt-in).
 */
export function SubscribeForm({ defaultEmail = '', place }: { defaultEmail?: string; place: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [answer, setAnswer] = useState<string | null>(null);
  const idPrefix = `newsletter-${place}`;
  const form = useFormSubmission<{ email: string }, 'email'>({
    idPrefix,
    validate: (v) =>
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())
        ? null
        : { msg: 'Ange en giltig e-postadress.', field: 'email' },
    send: async (v) => setAnswer((await newsletterApi.subscribe(v.email.trim())).msg),
    failMsg: 'Det gick inte att anmäla adressen just nu. Försök igen om en stund.',
  });
  return (
    <section className="newsletter-signup" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`}>{NEWSLETTER_MSG.formHeading}</h2>
      <p className="newsletter-intro">{NEWSLETTER_MSG.formIntro}</p>
      {form.phase === 'sent' ? (
        <p className="form-success" role="status">
          {answer}
        </p>
      ) : (
        <form className="newsletter-form" onSubmit={(e) => void form.submit(e, { email })} noValidate>
          <EmailField
            id={`${idPrefix}-email`}
            label={NEWSLETTER_MSG.emailLabel}
            {...form.field('email')}
            name="email"
            placeholder="namn@exempel.se"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              form.clearProblem();
            }}
          />
          <SubmitButton form={form} label={NEWSLETTER_MSG.subscribeButton} sendingLabel="Skickar..." />
          <FormError id={form.errorId} msg={form.problem?.msg} />
        </form>
      )}
    </section>
  );
}
