import {
  AD_INQUIRY_TYPE_LABELS,
  AD_INQUIRY_TYPES,
  type AdInquiryInput,
  INBOX_LIMITS,
  INBOX_MSG,
  validateAdInquiry,
} from '@vaggen/contract';
import { useId, useState } from 'react';
import { staticPagesApi } from '../api';
import { FormError, RequiredMark, RequiredNote, ThankYou, useFormSubmission } from './FormParts';

type Values = { name: string; company: string; email: string; phone: string; adType: string; message: string };
const EMPTY: Values = { name: '', company: '', email: '', phone: '', adType: '', message: '' };

function payload(v: Values): AdInquiryInput {
  return {
    name: v.name.trim(),
    company: v.company.trim(),
    email: v.email.trim(),
    adType: v.adType,
    ...(v.phone.trim() ? { phone: v.phone.trim() } : {}),
    ...(v.message.trim() ? { message: v.message.trim() } : {}),
  };
}

/** Ad inquiry of spec 001 §3 / §5: name, company, e-mail and ad type required; e-mail valid. */
export function AdInquiryForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const errorId = useId();
  const form = useFormSubmission({
    idPrefix: 'ad',
    validate: (v: Values) => validateAdInquiry(v),
    send: (v: Values) => staticPagesApi.sendAdInquiry(payload(v)),
  });
  const set = (f: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  if (form.phase === 'sent') {
    return (
      <ThankYou
        title={INBOX_MSG.adSent}
        againLabel="Skicka en ny förfrågan"
        onAgain={() => {
          setValues(EMPTY);
          form.reset();
        }}
      >
        <p>Vår annonsavdelning hör av sig inom en arbetsdag med förslag och priser.</p>
      </ThankYou>
    );
  }

  return (
    <form
      className="reader-form"
      method="post"
      onSubmit={(e) => form.submit(e, values)}
      noValidate
      aria-label="Annonsförfrågan"
    >
      <RequiredNote />
      <div className="form-row">
        <div className="field">
          <label htmlFor="ad-name">
            Namn
            <RequiredMark />
          </label>
          <input
            id="ad-name"
            name="name"
            autoComplete="name"
            maxLength={INBOX_LIMITS.name}
            value={values.name}
            onChange={set('name')}
            {...form.invalidProps('name', errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="ad-company">
            Företag
            <RequiredMark />
          </label>
          <input
            id="ad-company"
            name="company"
            autoComplete="organization"
            maxLength={INBOX_LIMITS.company}
            value={values.company}
            onChange={set('company')}
            {...form.invalidProps('company', errorId)}
          />
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="ad-email">
            E-post
            <RequiredMark />
          </label>
          <input
            id="ad-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={INBOX_LIMITS.email}
            value={values.email}
            onChange={set('email')}
            {...form.invalidProps('email', errorId)}
          />
        </div>
        <div className="field">
          <label htmlFor="ad-phone">Telefon</label>
          <input
            id="ad-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            maxLength={INBOX_LIMITS.phone}
            value={values.phone}
            onChange={set('phone')}
            {...form.invalidProps('phone', errorId)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="ad-adType">
          Annonsform
          <RequiredMark />
        </label>
        <select
          id="ad-adType"
          name="adType"
          value={values.adType}
          onChange={set('adType')}
          {...form.invalidProps('adType', errorId)}
        >
          <option value="">Välj annonsform</option>
          {AD_INQUIRY_TYPES.map((t) => (
            <option key={t} value={t}>
              {AD_INQUIRY_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="ad-message">Meddelande</label>
        <textarea
          id="ad-message"
          name="message"
          rows={5}
          maxLength={INBOX_LIMITS.message}
          value={values.message}
          onChange={set('message')}
          placeholder="Berätta gärna om kampanjen, målgruppen och när den ska synas."
          {...form.invalidProps('message', errorId)}
        />
      </div>
      <FormError id={errorId} msg={form.problem?.msg} />
      <button type="submit" className="button" disabled={form.busy}>
        {form.sending ? 'Skickar...' : 'Skicka förfrågan'}
      </button>
    </form>
  );
}
