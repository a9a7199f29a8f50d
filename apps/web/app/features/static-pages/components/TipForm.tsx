import { INBOX_LIMITS, INBOX_MSG, type TipInput, validateTip } from '@vaggen/contract';
import { useState } from 'react';
import { EmailField, FormField, InputField, NameField } from '../../../components/FormField';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { staticPagesApi } from '../api';
import { PhoneField, ReaderForm, ThankYou, useReaderForm } from './FormParts';

type Values = {
  anonymous: boolean;
  name: string;
  email: string;
  phone: string;
  title: string;
  details: string;
  evidence: boolean;
};
const EMPTY: Values = { anonymous: false, name: '', email: '', phone: '', title: '', details: '', evidence: false };

/** What leaves the browser: an anonymous tip carries no name, e-mail or phone at all. */
function payload(v: Values): TipInput {
  const base = { title: v.title.trim(), details: v.details.trim(), evidence: v.evidence };
  if (v.anonymous) return { anonymous: true, ...base };
  return {
    anonymous: false,
    name: v.name.trim(),
    ...(v.email.trim() ? { email: v.email.trim() } : {}),
    ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
    ...base,
  };
}

/**
 * Tip form of spec 001 §3 and §5. Choosing anonymous clears name, e-mail and phone and locks
 * those fields; the tip is then stored without anything that identifies the sender.
 */
export function TipForm() {
  const [sentAnonymously, setSentAnonymously] = useState(false);
  const { form, values, setValues, input, bind, onSubmit, startOver } = useReaderForm({
    idPrefix: 'tip',
    validate: (v: Values) => validateTip(v),
    send: async (v: Values) => {
      await staticPagesApi.sendTip(payload(v));
      setSentAnonymously(v.anonymous);
    },
    empty: EMPTY,
  });
  const setAnonymous = (anonymous: boolean) =>
    setValues((v) => (anonymous ? { ...v, anonymous, name: '', email: '', phone: '' } : { ...v, anonymous }));

  if (form.phase === 'sent') {
    return (
      <ThankYou title={INBOX_MSG.tipSent} againLabel="Skicka ett nytt tips" onAgain={startOver}>
        {sentAnonymously ? (
          <p>
            Tipset sparades utan namn, e-postadress, telefonnummer, IP-adress och uppgifter om din webbläsare. Eftersom
            vi inte vet vem du är kan vi inte höra av oss – vill du berätta mer är du välkommen att skicka ett nytt
            tips.
          </p>
        ) : (
          <p>En reporter läser ditt tips och hör av sig om vi behöver veta mer. Vi avslöjar aldrig vem du är.</p>
        )}
      </ThankYou>
    );
  }

  const contactDisabled = values.anonymous || form.sending;
  return (
    <ReaderForm
      label="Tipsformulär"
      form={form}
      onSubmit={onSubmit}
      submitLabel={values.anonymous ? 'Skicka anonymt tips' : 'Skicka tips'}
    >
      <div className="anonymous-choice">
        <input
          id="tip-anonymous"
          type="checkbox"
          checked={values.anonymous}
          onChange={(e) => setAnonymous(e.target.checked)}
          aria-describedby="tip-anonymous-hint"
        />
        <div>
          <label htmlFor="tip-anonymous">Jag vill vara anonym</label>
          <p id="tip-anonymous-hint" className="field-hint">
            Då töms och låses fälten för namn, e-post och telefon, och tipset sparas utan något som kan identifiera dig.{' '}
            <a href="#anonymt">Så skyddar vi dig</a>
          </p>
        </div>
      </div>
      <fieldset className="contact-fields" disabled={values.anonymous}>
        <legend>Dina kontaktuppgifter</legend>
        <NameField
          id="tip-name"
          required={!values.anonymous}
          {...bind('name')}
          disabled={contactDisabled}
          maxLength={INBOX_LIMITS.name}
        />
        <div className="form-row">
          <EmailField id="tip-email" label="E-post" {...bind('email')} disabled={contactDisabled} />
          <PhoneField id="tip-phone" {...bind('phone')} disabled={contactDisabled} />
        </div>
      </fieldset>
      <InputField
        id="tip-title"
        label="Rubrik"
        required
        {...bind('title')}
        maxLength={INBOX_LIMITS.title}
        placeholder="Vad handlar tipset om?"
      />
      <FormField
        id="tip-details"
        label="Beskriv ditt tips"
        required
        hint={
          'Vad har hänt, var och när? Vilka berörs? Skriv gärna hur du vet det du vet, men inget som avslöjar dig om du vill vara anonym.'
        }
        {...form.field('details')}
      >
        {(c) => <textarea {...c} {...input('details')} rows={8} maxLength={INBOX_LIMITS.details} />}
      </FormField>
      <div className="check-field">
        <input
          id="tip-evidence"
          type="checkbox"
          checked={values.evidence}
          onChange={(e) => setValues((v) => ({ ...v, evidence: e.target.checked }))}
        />
        <label htmlFor="tip-evidence">Jag har dokument, bilder eller annat underlag som styrker tipset</label>
      </div>
    </ReaderForm>
  );
}

/** Issue 46: the form as an island of its page (its code fetched by that page only: islands.ts). */
export const TipFormIsland = island(FORM_ISLANDS.tip, TipForm);
