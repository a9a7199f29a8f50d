import {
  type NewsroomSettings,
  PAPER_POLICIES,
  type PaperPolicyKey,
  POLICY_TEXT_MAX,
  SETTINGS_MSG,
} from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { FormFooter, InputField } from '../../../components/FormField';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { settingsApi } from '../api';

type Identity = Pick<
  NewsroomSettings,
  'responsible_publisher' | 'publisher_name' | 'utgivningsbevis' | 'address' | PaperPolicyKey
>;
type Field = keyof Identity;
type Load = { status: 'loading' } | { status: 'ready' } | { status: 'error' };

const FIELDS: { field: Field; label: string; hint: string; max: number }[] = [
  {
    field: 'responsible_publisher',
    label: 'Ansvarig utgivare',
    hint: 'Namnges i sidfoten på varje sida och på Om oss (yttrandefrihetsgrundlagen).',
    max: 200,
  },
  {
    field: 'publisher_name',
    label: 'Utgivare (ägare)',
    hint: 'Bolaget eller föreningen som ger ut tidningen.',
    max: 200,
  },
  { field: 'utgivningsbevis', label: 'Utgivningsbevis', hint: 'Numret på Myndigheten för pressstöds bevis.', max: 100 },
  { field: 'address', label: 'Postadress', hint: 'Visas i sidfoten och på Om oss.', max: 300 },
];

/**
 * Issue 43: `/admin/installningar` — the paper's legal identity (ansvarig utgivare, utgivare,
 * utgivningsbevis, address), shown in the footer, on /about and in the JSON-LD. Admins only.
 */
export function PaperIdentitySettings() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [values, setValues] = useState<Identity>({
    responsible_publisher: '',
    publisher_name: '',
    utgivningsbevis: '',
    address: '',
    policy_principles: '',
    policy_ethics: '',
    policy_corrections: '',
    policy_ownership: '',
    policy_feedback: '',
  });
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    settingsApi
      .get()
      .then((s) => {
        setValues({
          responsible_publisher: s.responsible_publisher,
          publisher_name: s.publisher_name,
          utgivningsbevis: s.utgivningsbevis,
          address: s.address,
          policy_principles: s.policy_principles,
          policy_ethics: s.policy_ethics,
          policy_corrections: s.policy_corrections,
          policy_ownership: s.policy_ownership,
          policy_feedback: s.policy_feedback,
        });
        setLoad({ status: 'ready' });
      })
      .catch(() => setLoad({ status: 'error' }));
  }, []);
  const form = useFormSubmission<Identity, Field>({
    idPrefix: 'identity',
    validate: (v) =>
      v.responsible_publisher.trim() ? null : { msg: SETTINGS_MSG.publisherRequired, field: 'responsible_publisher' },
    send: async (v) => {
      await settingsApi.save(v);
      setDone(SETTINGS_MSG.saved);
    },
    failMsg: 'Inställningarna kunde inte sparas. Försök igen.',
    stayOpen: true,
  });
  return (
    <div className="dsa-desk">
      <Breadcrumbs current="Tidningens uppgifter" />
      <h1>Tidningens uppgifter</h1>
      {load.status === 'loading' && <p role="status">Hämtar inställningar…</p>}
      {load.status === 'error' && <p className="form-error">Inställningarna kunde inte hämtas. Ladda om sidan.</p>}
      {load.status === 'ready' && (
        <form
          className="dsa-form"
          noValidate
          onSubmit={(e) => {
            setDone(null);
            void form.submit(e, values);
          }}
        >
          {FIELDS.map((f) => (
            <InputField
              key={f.field}
              id={`identity-${f.field}`}
              label={f.label}
              hint={f.hint}
              maxLength={f.max}
              value={values[f.field]}
              {...form.field(f.field)}
              onChange={(e) => setValues({ ...values, [f.field]: e.target.value })}
            />
          ))}
          <h2>Principer</h2>
          <p className="field-hint">
            Visas på <Link to="/principer">Våra principer</Link>, dit sökmotorernas uppgifter om tidningen pekar. En tom
            rad mellan stycken.
          </p>
          {PAPER_POLICIES.map((p) => (
            <div className="field" key={p.key}>
              <label htmlFor={`identity-${p.key}`}>{p.title}</label>
              <textarea
                id={`identity-${p.key}`}
                className="control"
                rows={5}
                maxLength={POLICY_TEXT_MAX}
                value={values[p.key]}
                onChange={(e) => setValues({ ...values, [p.key]: e.target.value })}
              />
            </div>
          ))}
          <FormFooter form={form} label="Spara" sendingLabel="Sparar…" success={done} />
        </form>
      )}
    </div>
  );
}
