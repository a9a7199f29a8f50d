import {
  DSA_KIND_LABELS,
  DSA_KINDS,
  DSA_MSG,
  DSA_NAME_MAX,
  DSA_TEXT_MAX,
  DSA_TRANSPARENCY_PATH,
  type DsaKind,
  EMAIL_MAX,
  EMAIL_PATTERN,
} from '@vaggen/contract';
import { useState } from 'react';
import { FormFooter } from '../../../components/FormField';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { AppLink } from '../../../lib/router-bridge';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { dsaApi } from '../api';

type Field = 'url' | 'kind' | 'explanation' | 'email' | 'good_faith';
interface Values {
  url: string;
  kind: DsaKind | '';
  explanation: string;
  name: string;
  email: string;
  goodFaith: boolean;
}

/**
 * Issue 43: "Anmäl olagligt innehåll" (DSA Art. 16) — separate from reporting a rude comment. The
 * address comes prefilled from the article or comment; name and e-mail are optional; the notifier
 * confirms good faith and gets a case number (and, with an e-mail, a receipt and the decision).
 */
export function NoticeForm({ initialUrl }: { initialUrl: string }) {
  const [values, setValues] = useState<Values>({
    url: initialUrl,
    kind: '',
    explanation: '',
    name: '',
    email: '',
    goodFaith: false,
  });
  const [receipt, setReceipt] = useState<string | null>(null);
  const form = useFormSubmission<Values, Field>({
    idPrefix: 'dsa',
    validate: (v) => {
      if (!v.url.trim()) return { msg: DSA_MSG.urlInvalid, field: 'url' };
      if (!v.kind) return { msg: DSA_MSG.kindRequired, field: 'kind' };
      if (!v.explanation.trim()) return { msg: DSA_MSG.explanationRequired, field: 'explanation' };
      if (v.email.trim() && !EMAIL_PATTERN.test(v.email.trim())) return { msg: DSA_MSG.emailInvalid, field: 'email' };
      if (!v.goodFaith) return { msg: DSA_MSG.goodFaith, field: 'good_faith' };
      return null;
    },
    send: async (v) => {
      const r = await dsaApi.notice({
        url: v.url.trim(),
        kind: v.kind as DsaKind,
        explanation: v.explanation.trim(),
        name: v.name.trim() || null,
        email: v.email.trim() || null,
        good_faith: true,
      });
      setReceipt(r.msg);
    },
    failMsg: 'Anmälan kunde inte skickas. Försök igen.',
  });
  if (form.phase === 'sent' && receipt) {
    return (
      <div className="form-success" role="status">
        <p>{receipt}</p>
        <p>
          <AppLink href="/">Till startsidan</AppLink> ·{' '}
          <AppLink href={DSA_TRANSPARENCY_PATH}>Så hanterar vi anmälningar</AppLink>
        </p>
      </div>
    );
  }
  const invalid = (f: Field) => form.isInvalid(f) || undefined;
  const described = (f: Field, hint?: string) =>
    [form.isInvalid(f) ? form.errorId : null, hint].filter(Boolean).join(' ') || undefined;
  return (
    <form className="dsa-form" noValidate onSubmit={(e) => void form.submit(e, values)}>
      <div className="field">
        <label htmlFor="dsa-url">Adress till innehållet</label>
        <input
          id="dsa-url"
          className="control"
          value={values.url}
          maxLength={2000}
          aria-invalid={invalid('url')}
          aria-describedby={described('url', 'dsa-url-hint')}
          onChange={(e) => setValues({ ...values, url: e.target.value })}
        />
        <p id="dsa-url-hint" className="field-hint">
          Artikelns adress, med #comment-nummer för en kommentar. Ifylld när du kommer från en artikel eller kommentar.
        </p>
      </div>
      <div className="field">
        <label htmlFor="dsa-kind">Vad är olagligt?</label>
        <select
          id="dsa-kind"
          className="control"
          value={values.kind}
          aria-invalid={invalid('kind')}
          aria-describedby={described('kind')}
          onChange={(e) => setValues({ ...values, kind: e.target.value as DsaKind | '' })}
        >
          <option value="">Välj …</option>
          {DSA_KINDS.map((k) => (
            <option key={k} value={k}>
              {DSA_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="dsa-explanation">Förklara varför innehållet är olagligt</label>
        <textarea
          id="dsa-explanation"
          className="control"
          rows={5}
          maxLength={DSA_TEXT_MAX}
          value={values.explanation}
          aria-invalid={invalid('explanation')}
          aria-describedby={described('explanation')}
          onChange={(e) => setValues({ ...values, explanation: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="dsa-name">Ditt namn (frivilligt)</label>
        <input
          id="dsa-name"
          className="control"
          autoComplete="name"
          maxLength={DSA_NAME_MAX}
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="dsa-email">Din e-post (frivilligt: för kvitto och beslut)</label>
        <input
          id="dsa-email"
          className="control"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          value={values.email}
          aria-invalid={invalid('email')}
          aria-describedby={described('email')}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
      </div>
      <label className="dsa-check">
        <input
          id="dsa-good_faith"
          type="checkbox"
          checked={values.goodFaith}
          aria-invalid={invalid('good_faith')}
          aria-describedby={described('good_faith')}
          onChange={(e) => setValues({ ...values, goodFaith: e.target.checked })}
        />
        <span>Jag intygar att uppgifterna i anmälan är riktiga och fullständiga och lämnas i god tro.</span>
      </label>
      <FormFooter form={form} label="Skicka anmälan" sendingLabel="Skickar…" />
    </form>
  );
}

/** Issue 46: the form as an island of /anmal-olagligt-innehall (its code fetched by that page only). */
export const NoticeFormIsland = island(FORM_ISLANDS.dsaNotice, NoticeForm);
