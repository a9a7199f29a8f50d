import { useEffect, useId, useState } from 'react';
import { ApiError } from './api';

export type Phase = 'idle' | 'sending' | 'sent';

/** What is wrong: the message, and the field it is about when there is one. */
export interface Problem<F extends string> {
  msg: string;
  field?: F;
}

/**
 * The life of one form: check with the rules, send, then show the result. While sending (and until
 * the page is hydrated) the submit button is disabled; a refused send shows the server's own `msg`,
 * else `failMsg`. A problem about a field focuses that field (`<idPrefix>-<field>`).
 *
 * After a successful send the phase is `sent` (the form gives way to a thank-you), or back to `idle`
 * with `stayOpen` (the form stays, e.g. a profile that can be saved again).
 */
export function useFormSubmission<V, F extends string>(opts: {
  idPrefix: string;
  validate?: (v: V) => Problem<F> | null;
  send: (v: V) => Promise<unknown>;
  failMsg: string | ((err: unknown) => string);
  stayOpen?: boolean;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<Problem<F> | null>(null);
  // the id of the form's one error message (`FormError`), which the field it is about points at
  const errorId = useId();
  // Until the page is hydrated the submit button stays disabled: a native submission would skip
  // the rules and (for a GET) put the fields in the address, where logs could see them.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  /** Shows a problem found outside `validate` (focusing its field). */
  const fail = (p: Problem<F>) => {
    setProblem(p);
    if (p.field) document.getElementById(`${opts.idPrefix}-${p.field}`)?.focus();
  };

  /**
   * Runs the rules and the send; resolves true when sent. `e` is null when the send does not come
   * from the form's submission (a key shortcut, a second button, a dialog's confirm, a code the
   * address brought).
   */
  async function submit(e: React.FormEvent | null, values: V): Promise<boolean> {
    e?.preventDefault();
    if (phase !== 'idle') return false;
    const invalid = opts.validate?.(values) ?? null;
    if (invalid) {
      fail(invalid);
      return false;
    }
    setProblem(null);
    setPhase('sending');
    try {
      await opts.send(values);
      setPhase(opts.stayOpen ? 'idle' : 'sent');
      return true;
    } catch (err) {
      const fallback = typeof opts.failMsg === 'function' ? opts.failMsg(err) : opts.failMsg;
      setProblem({
        msg: typeof opts.failMsg === 'string' && err instanceof ApiError && err.serverMsg ? err.serverMsg : fallback,
      });
      setPhase('idle');
      return false;
    }
  }

  const reset = () => {
    setProblem(null);
    setPhase('idle');
  };

  return {
    phase,
    problem,
    submit,
    fail,
    reset,
    /** Whether the current problem is about `field` (for `FormField`'s `invalid`). */
    isInvalid: (field: F) => problem?.field === field,
    /** The id for the form's `FormError`. */
    errorId,
    /** A field's error wiring for `FormField`/`InputField`: invalid while the problem is about it. */
    field: (field: string) => ({ invalid: problem?.field === field, errorId }),
    clearProblem: () => setProblem(null),
    sending: phase === 'sending',
    busy: phase === 'sending' || !hydrated,
  };
}

/**
 * What the submit button of a form whose send leaves the page (the hand-over to payment) is told:
 * once sent, it stays disabled and saying what it does until the page goes.
 */
export const leaving = (form: { phase: Phase; busy: boolean }) => ({
  busy: form.busy || form.phase === 'sent',
  sending: form.phase !== 'idle',
});

/** The keys of `V` whose values are text (the ones an input edits). */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A form's values, and the wiring of each text field written once: `input(f)` gives a control its
 * `name`, `value` and `onChange`; `bind(f)` adds the field's error wiring from the form's
 * submission (`invalid`, `errorId`), for an `InputField` in one spread.
 */
export function useFormValues<V extends object>(
  initial: V | (() => V),
  form: { field(field: string): { invalid: boolean; errorId: string } },
) {
  const [values, setValues] = useState<V>(initial);
  const input = <K extends TextKey<V>>(f: K) => ({
    name: f,
    value: values[f] as string,
    onChange: (e: React.ChangeEvent<TextControl>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [f]: value }));
    },
  });
  const bind = <K extends TextKey<V>>(f: K) => ({ ...input(f), ...form.field(f) });
  return { values, setValues, input, bind };
}
