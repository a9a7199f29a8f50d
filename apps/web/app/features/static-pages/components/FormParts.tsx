import { type FormProblem, INBOX_MSG } from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';

export type Phase = 'idle' | 'sending' | 'sent';

/**
 * The life of one reader form: check with the shared rules (spec 001 §5), send, then thank.
 * While sending the submit button is disabled; a server error is shown as the server worded it.
 */
export function useFormSubmission<V, F extends string>(opts: {
  idPrefix: string;
  validate: (v: V) => FormProblem<F> | null;
  send: (v: V) => Promise<unknown>;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<{ msg: string; field?: F } | null>(null);
  // Until the page is hydrated the submit button stays disabled: a native submission would skip
  // the rules and (for a GET) put the fields in the address, where logs could see them.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function submit(e: React.FormEvent, values: V) {
    e.preventDefault();
    if (phase !== 'idle') return;
    const invalid = opts.validate(values);
    if (invalid) {
      setProblem(invalid);
      document.getElementById(`${opts.idPrefix}-${invalid.field}`)?.focus();
      return;
    }
    setProblem(null);
    setPhase('sending');
    try {
      await opts.send(values);
      setPhase('sent');
    } catch (err) {
      setProblem({ msg: err instanceof ApiError && err.serverMsg ? err.serverMsg : INBOX_MSG.sendFailed });
      setPhase('idle');
    }
  }

  const reset = () => {
    setProblem(null);
    setPhase('idle');
  };

  /** aria attributes for the field the current problem is about. */
  const invalidProps = (field: F, errorId: string) =>
    problem?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return {
    phase,
    problem,
    submit,
    reset,
    invalidProps,
    sending: phase === 'sending',
    busy: phase === 'sending' || !hydrated,
  };
}

export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function FormError({ id, msg }: { id: string; msg: string | undefined }) {
  if (!msg) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {msg}
    </p>
  );
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
