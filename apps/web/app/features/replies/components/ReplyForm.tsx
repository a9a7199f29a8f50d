import { EMAIL_MAX, EMAIL_PATTERN, REPLIES_MSG, REPLY_NAME_MAX, REPLY_TEXT_MAX, USERS_MSG } from '@vaggen/contract';
import { useState } from 'react';
import { FormFooter } from '../../../components/FormField';
import { island } from '../../../lib/island';
import { FORM_ISLANDS } from '../../../lib/lazy-islands';
import { AppLink } from '../../../lib/router-bridge';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { repliesApi } from '../api';

type Field = 'name' | 'email' | 'text';
interface Values {
  name: string;
  email: string;
  text: string;
}

/**
 * Issue 43: "Begär genmäle" — a person an article concerns asks to reply. The article is fixed (it
 * came from the article's link); the answer is a case number, and the decision comes by e-mail.
 */
export function ReplyForm({ article }: { article: { id: number; title: string; url: string } }) {
  const [values, setValues] = useState<Values>({ name: '', email: '', text: '' });
  const [receipt, setReceipt] = useState<string | null>(null);
  const form = useFormSubmission<Values, Field>({
    idPrefix: 'reply',
    validate: (v) => {
      if (!v.name.trim()) return { msg: REPLIES_MSG.nameRequired, field: 'name' };
      if (!v.email.trim()) return { msg: REPLIES_MSG.emailRequired, field: 'email' };
      if (!EMAIL_PATTERN.test(v.email.trim())) return { msg: USERS_MSG.invalidEmail, field: 'email' };
      if (!v.text.trim()) return { msg: REPLIES_MSG.textRequired, field: 'text' };
      return null;
    },
    send: async (v) => {
      const r = await repliesApi.request({
        articleId: article.id,
        name: v.name.trim(),
        email: v.email.trim(),
        text: v.text.trim(),
      });
      setReceipt(r.msg);
    },
    failMsg: 'Begäran kunde inte skickas. Försök igen.',
  });
  if (form.phase === 'sent' && receipt)
    return (
      <div className="form-success" role="status">
        <p>{receipt}</p>
        <p>
          <AppLink href={article.url}>Tillbaka till artikeln</AppLink>
        </p>
      </div>
    );
  const wire = (f: Field) => ({
    id: `reply-${f}`,
    className: 'control',
    value: values[f],
    'aria-invalid': form.isInvalid(f) || undefined,
    'aria-describedby': form.isInvalid(f) ? form.errorId : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues({ ...values, [f]: e.target.value }),
  });
  return (
    <form className="dsa-form" noValidate onSubmit={(e) => void form.submit(e, values)}>
      <p>
        Artikel: <AppLink href={article.url}>{article.title}</AppLink>
      </p>
      <div className="field">
        <label htmlFor="reply-name">Ditt namn</label>
        <input {...wire('name')} autoComplete="name" maxLength={REPLY_NAME_MAX} />
      </div>
      <div className="field">
        <label htmlFor="reply-email">Din e-post (vi svarar dit)</label>
        <input {...wire('email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} />
      </div>
      <div className="field">
        <label htmlFor="reply-text">Ditt genmäle</label>
        <textarea {...wire('text')} rows={8} maxLength={REPLY_TEXT_MAX} />
      </div>
      <FormFooter form={form} label="Skicka begäran" sendingLabel="Skickar…" />
    </form>
  );
}

/** Issue 46: the form as an island of /genmale (its code fetched by that page only: islands.ts). */
export const ReplyFormIsland = island(FORM_ISLANDS.reply, ReplyForm);
