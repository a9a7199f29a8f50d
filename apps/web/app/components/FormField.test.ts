import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useFormValues } from '../lib/useFormSubmission';
import { EmailField, InputField } from './FormField';

const html = (props: Parameters<typeof InputField>[0]) => renderToStaticMarkup(createElement(InputField, props));

/** The one-input field every form uses (issue 19): label, control and error wiring in one place. */
describe('InputField', () => {
  it('labels its input, and passes every other prop to it', () => {
    const out = html({
      id: 'kontakt-e-post',
      label: 'E-post',
      type: 'email',
      name: 'email',
      maxLength: 320,
      value: 'a@b.se',
      onChange: () => {},
    });
    expect(out).toBe(
      '<div class="field"><label for="kontakt-e-post">E-post</label>' +
        '<input id="kontakt-e-post" class="control" type="email" maxLength="320" name="email" value="a@b.se"/></div>',
    );
  });

  it('marks a required field on the label (hidden from screen readers) and on the input (announced)', () => {
    const out = html({ id: 'namn', label: 'Namn', required: true, readOnly: true, value: 'Ada' });
    expect(out).toContain('<label for="namn">Namn<span class="required-mark" aria-hidden="true"> *</span></label>');
    expect(out).toContain('<input id="namn" class="control" readOnly="" required="" value="Ada"/>');
    expect(html({ id: 'x', label: 'X', readOnly: true, value: '' })).not.toContain('required');
  });

  it("points the input at the form's error while the error is about it, else at its hint", () => {
    const invalid = html({
      id: 'pw',
      label: 'Lösenord',
      hint: 'Minst 8 tecken.',
      invalid: true,
      errorId: 'fel',
      readOnly: true,
    });
    expect(invalid).toContain(
      '<input id="pw" class="control" aria-invalid="true" aria-describedby="fel" readOnly=""/>',
    );
    const valid = html({
      id: 'pw',
      label: 'Lösenord',
      hint: 'Minst 8 tecken.',
      invalid: false,
      errorId: 'fel',
      readOnly: true,
    });
    expect(valid).toContain('<input id="pw" class="control" aria-describedby="pw-hint" readOnly=""/>');
    expect(valid).toContain('<p id="pw-hint" class="field-hint">Minst 8 tecken.</p>');
  });

  it('gives an e-mail field its type, autofill and the contract’s length bound', () => {
    const out = renderToStaticMarkup(
      createElement(EmailField, { id: 'e', label: 'E-post', name: 'email', required: true, readOnly: true, value: '' }),
    );
    expect(out).toContain(
      '<input id="e" class="control" readOnly="" type="email" autoComplete="email" maxLength="254" required="" name="email" value=""/>',
    );
  });

  it('gives its input the shared text-control look, unless the input brings its own class (a checkbox)', () => {
    expect(html({ id: 'c', label: 'C', readOnly: true })).toContain('<input id="c" class="control" readOnly=""/>');
    expect(html({ id: 'c', label: 'C', type: 'checkbox', className: 'mail-checkbox', readOnly: true })).toContain(
      '<input id="c" class="mail-checkbox" type="checkbox" readOnly=""/>',
    );
  });
});

type V = { name: string; message: string; agree: boolean };
function Form({ problemField }: { problemField: string | null }) {
  const form = { field: (f: string) => ({ invalid: f === problemField, errorId: 'form-error' }) };
  const { values, input, bind } = useFormValues<V>({ name: 'Ada', message: 'Hej', agree: true }, form);
  return createElement(
    'form',
    null,
    createElement(InputField, { id: 'f-name', label: 'Namn', ...bind('name') }),
    createElement('textarea', { id: 'f-message', ...input('message') }),
    createElement('output', null, String(values.agree)),
  );
}

/** `useFormValues` (issue 19): a field's value, name, change handler and error wiring in one spread. */
describe('useFormValues', () => {
  it('binds each text field to its value and name, and points the field the problem is about at the error', () => {
    const clean = renderToStaticMarkup(createElement(Form, { problemField: null }));
    expect(clean).toContain('<input id="f-name" class="control" name="name" value="Ada"/>');
    expect(clean).toContain('<textarea id="f-message" name="message">Hej</textarea>');
    expect(clean).toContain('<output>true</output>');
    const invalid = renderToStaticMarkup(createElement(Form, { problemField: 'name' }));
    expect(invalid).toContain(
      '<input id="f-name" class="control" aria-invalid="true" aria-describedby="form-error" name="name" value="Ada"/>',
    );
    // the problem is about another field: this one stays clean
    expect(renderToStaticMarkup(createElement(Form, { problemField: 'message' }))).toContain(
      '<input id="f-name" class="control" name="name" value="Ada"/>',
    );
  });
});
