import {
  AD_INQUIRY_TYPE_LABELS,
  AD_INQUIRY_TYPES,
  type AdInquiryInput,
  INBOX_LIMITS,
  INBOX_MSG,
  validateAdInquiry,
} from '@vaggen/contract';
import { EmailField, FormField, InputField, NameField } from '../../../components/FormField';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { staticPagesApi } from '../api';
import { PhoneField, ReaderForm, ThankYou, useReaderForm } from './FormParts';

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
  const { form, input, bind, onSubmit, startOver } = useReaderForm({
    idPrefix: 'ad',
    validate: (v: Values) => validateAdInquiry(v),
    send: (v: Values) => staticPagesApi.sendAdInquiry(payload(v)),
    empty: EMPTY,
  });

  if (form.phase === 'sent') {
    return (
      <ThankYou title={INBOX_MSG.adSent} againLabel="Skicka en ny förfrågan" onAgain={startOver}>
        <p>Vår annonsavdelning hör av sig inom en arbetsdag med förslag och priser.</p>
      </ThankYou>
    );
  }

  return (
    <ReaderForm label="Annonsförfrågan" form={form} onSubmit={onSubmit} submitLabel="Skicka förfrågan">
      <div className="form-row">
        <NameField id="ad-name" required {...bind('name')} maxLength={INBOX_LIMITS.name} />
        <InputField
          id="ad-company"
          label="Företag"
          required
          {...bind('company')}
          autoComplete="organization"
          maxLength={INBOX_LIMITS.company}
        />
      </div>
      <div className="form-row">
        <EmailField id="ad-email" label="E-post" required {...bind('email')} />
        <PhoneField id="ad-phone" {...bind('phone')} />
      </div>
      <FormField id="ad-adType" label="Annonsform" required {...form.field('adType')}>
        {(c) => (
          <select {...c} {...input('adType')}>
            <option value="">Välj annonsform</option>
            {AD_INQUIRY_TYPES.map((t) => (
              <option key={t} value={t}>
                {AD_INQUIRY_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="ad-message" label="Meddelande" {...form.field('message')}>
        {(c) => (
          <textarea
            {...c}
            {...input('message')}
            rows={5}
            maxLength={INBOX_LIMITS.message}
            placeholder="Berätta gärna om kampanjen, målgruppen och när den ska synas."
          />
        )}
      </FormField>
    </ReaderForm>
  );
}

/** Issue 46: the form as an island of its page (its code fetched by that page only: islands.ts). */
export const AdInquiryFormIsland = island(FORM_ISLANDS.adInquiry, AdInquiryForm);
