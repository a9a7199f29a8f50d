import { EMAIL_MAX } from '@vaggen/contract';
import { langOf } from '../lib/lang';
/** What a field's control gets: its id and, when the form's error is about it, the aria wiring. */
export interface ControlProps {
  id: string;
  /** `control`: the shared text-control look (app.css); a control that passes its own replaces it. */
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One form field: label (with the required mark), the control, an optional hint. The control is
 * rendered by `children` with the props that wire it: `id` for the label, and `aria-invalid` plus
 * `aria-describedby` pointing at the form's error message while that error is about this field
 * (else at the hint, when there is one).
 */
/** What every field takes besides its control. */
interface FieldProps {
  id: string;
  label: React.ReactNode;
  required?: boolean;
  hint?: React.ReactNode;
  /** True while the form's error message is about this field. */
  invalid?: boolean;
  /** The id of the form's error message (`FormError`). */
  errorId?: string;
}

export function FormField({
  id,
  label,
  required = false,
  hint,
  invalid = false,
  errorId,
  children,
}: FieldProps & { children: (control: ControlProps) => React.ReactNode }) {
  const hintId = `${id}-hint`;
  const control: ControlProps = { id, className: 'control' };
  if (invalid && errorId) {
    control['aria-invalid'] = true;
    control['aria-describedby'] = errorId;
  } else if (hint) control['aria-describedby'] = hintId;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children(control)}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The common field: a `FormField` whose control is one `<input>`. Every prop that is not the
 * field's goes to the input; `required` marks the label and tells the input (assistive technology
 * hears it; the forms validate themselves, `noValidate`).
 */
export function InputField({
  id,
  label,
  required = false,
  hint,
  invalid,
  errorId,
  ...input
}: FieldProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>) {
  return (
    <FormField id={id} label={label} required={required} hint={hint} invalid={invalid} errorId={errorId}>
      {(c) => <input {...c} {...input} required={required || undefined} />}
    </FormField>
  );
}

/** An e-mail address field: the input type, autofill and the contract's length bound set once. */
export function EmailField(
  props: Omit<React.ComponentProps<typeof InputField>, 'type' | 'autoComplete' | 'maxLength'>,
) {
  return <InputField {...props} type="email" autoComplete="email" maxLength={EMAIL_MAX} />;
}

/** A person's name: the label and autofill set once; `maxLength` is the bound of where the name is kept. */
export function NameField(
  props: Omit<React.ComponentProps<typeof InputField>, 'label' | 'autoComplete' | 'maxLength'> & { maxLength: number },
) {
  return <InputField {...props} label="Namn" autoComplete="name" />;
}

/** The star after a required field's label; screen readers hear the field as required instead. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** An error message (announced); with `id`, the form's one error, referenced by the field it is about. */
export function FormError({ id, msg }: { id?: string; msg: string | null | undefined }) {
  if (!msg) return null;
  return (
    <p id={id} className="form-error" role="alert" lang={langOf(msg)}>
      {msg}
    </p>
  );
}

/** A form's or action's success message, announced politely; nothing when there is none. */
export function FormSuccess({ msg }: { msg: string | null | undefined }) {
  if (!msg) return null;
  return (
    <p className="form-success" role="status">
      {msg}
    </p>
  );
}

/** What `useFormSubmission` tells the end of its form. */
type SubmittedForm = { errorId: string; problem: { msg: string } | null; busy: boolean; sending: boolean };

/**
 * A form's submit button: disabled while the form is busy (sending, or not yet hydrated), and saying
 * what it does meanwhile. `className` is the button's look (`button` unless told).
 */
export function SubmitButton({
  form,
  label,
  sendingLabel,
  className = 'button',
}: {
  form: Pick<SubmittedForm, 'busy' | 'sending'>;
  label: string;
  sendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={form.busy}>
      {form.sending ? sendingLabel : label}
    </button>
  );
}

/**
 * The end of a form: its one error message, an optional success message, and the submit button,
 * disabled while the form is busy and saying what it does meanwhile. The button stands in a
 * paragraph of its own unless `paragraph` is false (the reader's account forms, where it follows
 * straight on); `buttonClassName` is its look (`button` unless told).
 */
export function FormFooter({
  form,
  label,
  sendingLabel,
  success,
  paragraph = true,
  buttonClassName,
}: {
  form: SubmittedForm;
  label: string;
  sendingLabel: string;
  success?: string | null;
  paragraph?: boolean;
  buttonClassName?: string;
}) {
  const button = <SubmitButton form={form} label={label} sendingLabel={sendingLabel} className={buttonClassName} />;
  return (
    <>
      <FormError id={form.errorId} msg={form.problem?.msg} />
      <FormSuccess msg={success} />
      {paragraph ? <p>{button}</p> : button}
    </>
  );
}
