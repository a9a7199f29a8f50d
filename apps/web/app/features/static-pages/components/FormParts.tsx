import { INBOX_LIMITS, INBOX_MSG } from '@vaggen/contract';
import { useEffect, useRef } from 'react';
import { FormFooter, InputField } from '../../../components/FormField';
import { type Problem, useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';

/**
 * A reader form's life (spec 001 §5): the one submission (rules, "Skickar...", the server's message,
 * else the spec's "could not send"), its values, `onSubmit`, and `startOver` for the thank-you's
 * "send another" (empty fields, a fresh form).
 */
export function useReaderForm<V extends object, F extends string>(opts: {
  idPrefix: string;
  validate: (v: V) => Problem<F> | null;
  send: (v: V) => Promise<unknown>;
  empty: V;
}) {
  const form = useFormSubmission<V, F>({
    idPrefix: opts.idPrefix,
    validate: opts.validate,
    send: opts.send,
    failMsg: INBOX_MSG.sendFailed,
  });
  const fields = useFormValues(opts.empty, form);
  return {
    form,
    ...fields,
    onSubmit: (e: React.FormEvent<HTMLFormElement>) => void form.submit(e, fields.values),
    startOver: () => {
      fields.setValues(opts.empty);
      form.reset();
    },
  };
}

/** The thank-you screen every reader form ends on. Its heading takes focus so it is announced. */
export function ThankYou({
  title,
  children,
  againLabel,
  onAgain,
}: {
  title: string;
  children: React.ReactNode;
  againLabel: string;
  onAgain: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="thank-you" role="status">
      <svg className="thank-you-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <h3 ref={heading} tabIndex={-1}>
        {title}
      </h3>
      {children}
      <button type="button" className="button button-secondary" onClick={onAgain}>
        {againLabel}
      </button>
    </div>
  );
}

export function RequiredNote() {
  return (
    <p className="form-note">
      Fält markerade med <span aria-hidden="true">*</span>
      <span className="visually-hidden">asterisk</span> måste fyllas i.
    </p>
  );
}

/**
 * A reader form of spec 001 (contact, tip, ad inquiry): the required-fields note, the fields, the
 * form's one error message and the submit button, disabled while sending ("Skickar...").
 */
export function ReaderForm({
  label,
  form,
  onSubmit,
  submitLabel,
  children,
}: {
  label: string;
  form: { errorId: string; problem: { msg: string } | null; busy: boolean; sending: boolean };
  onSubmit: (e: React.FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  children: React.ReactNode;
}) {
  return (
    <form className="reader-form" method="post" onSubmit={onSubmit} noValidate aria-label={label}>
      <RequiredNote />
      {children}
      <FormFooter form={form} paragraph={false} label={submitLabel} sendingLabel="Skickar..." />
    </form>
  );
}

/** The reader's phone number in a reader form (optional in every one of them): label, autofill and the inbox's bound set once. */
export function PhoneField(
  props: Omit<React.ComponentProps<typeof InputField>, 'label' | 'type' | 'autoComplete' | 'maxLength'>,
) {
  return <InputField {...props} label="Telefon" type="tel" autoComplete="tel" maxLength={INBOX_LIMITS.phone} />;
}
