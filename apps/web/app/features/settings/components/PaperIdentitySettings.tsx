import { type NewsroomSettings, SETTINGS_MSG } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { FormError, FormSuccess, InputField } from '../../../components/FormField';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { settingsApi } from '../api';

type Identity = Pick<NewsroomSettings, 'responsible_publisher' | 'publisher_name' | 'utgivningsbevis' | 'address'>;
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
        });
        setLoad({ status: 'ready' });
      })
      .catch(() => setLoad({ status: 'error' }));
  }, []);
  const form = useFormSubmission<Identity, Field>({
    idPrefix: 'identity',
    validate: (v) =>
      v.responsible_publisher.trim()
        ? null
        : { msg: 'Ange ansvarig utgivare: en nyhetssajt ska ha en.', field: 'responsible_publisher' },
    send: async (v) => {
      await settingsApi.save(v);
      setDone(SETTINGS_MSG.saved);
    },
    failMsg: 'Inställningarna kunde inte sparas. Försök igen.',
    stayOpen: true,
  });
  return (
    <div className="dsa-desk">
      <nav className="breadcrumbs" aria-label="Brödsmulor">
        <Link to="/admin">Redaktionen</Link> › Tidningens uppgifter
      </nav>
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
          <FormError id={form.errorId} msg={form.problem?.msg} />
          <FormSuccess msg={done} />
          <p>
            <button type="submit" className="button" disabled={form.busy}>
              {form.sending ? 'Sparar…' : 'Spara'}
            </button>
          </p>
        </form>
      )}
    </div>
  );
}
