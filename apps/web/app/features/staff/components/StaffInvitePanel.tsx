import {
  formatShortDateTime,
  STAFF_INVITATION_ROLE_LABEL,
  STAFF_INVITATION_ROLES,
  STAFF_TEXT,
  type StaffInvitation,
  type StaffInvitationRole,
} from '@vaggen/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { InlineRetry } from '../../../components/DataState';
import { FormError, FormField, FormSuccess, SubmitButton } from '../../../components/FormField';
import { serverMsgOr } from '../../../lib/api';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { staffApi } from '../api';

interface InviteValues {
  email: string;
  role: StaffInvitationRole;
}

/** Issue 41: the admin's form to invite staff by e-mail, and the invitations still open. */
export function StaffInvitePanel() {
  const ids = useId();
  // what the last invitation or withdrawal did; a failure is the form's problem
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<StaffInvitation[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const load = useCallback(() => {
    staffApi
      .open()
      .then((list) => {
        setOpen(list);
        setLoadFailed(false);
      })
      .catch(() => setLoadFailed(true));
  }, []);
  useEffect(load, [load]);

  const form = useFormSubmission<InviteValues, keyof InviteValues>({
    idPrefix: ids,
    send: async (v) => {
      setDone(null);
      const created = await staffApi.invite(v);
      setDone(STAFF_TEXT.sent(created.email));
      setValues((cur) => ({ ...cur, email: '' }));
      load();
    },
    failMsg: 'Inbjudan kunde inte skickas.',
    stayOpen: true,
  });
  const { values, setValues, input } = useFormValues<InviteValues>({ email: '', role: 'writer' }, form);

  async function revoke(inv: StaffInvitation) {
    try {
      await staffApi.revoke(inv.id);
      form.clearProblem();
      setDone(STAFF_TEXT.revoked);
    } catch (err) {
      setDone(null);
      form.fail({ msg: serverMsgOr(err, STAFF_TEXT.notFound) });
    }
    load();
  }

  return (
    <section className="staff-invite surface" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>{STAFF_TEXT.heading}</h2>
      <p className="muted">{STAFF_TEXT.intro}</p>
      <form className="staff-invite-form" onSubmit={(e) => void form.submit(e, values)} noValidate>
        <FormField id={`${ids}-email`} label={STAFF_TEXT.emailLabel}>
          {(c) => <input {...c} type="email" autoComplete="off" {...input('email')} required />}
        </FormField>
        <FormField id={`${ids}-role`} label={STAFF_TEXT.roleLabel}>
          {(c) => (
            <select {...c} {...input('role')}>
              {STAFF_INVITATION_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_INVITATION_ROLE_LABEL[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <SubmitButton form={form} label={STAFF_TEXT.send} sendingLabel="Skickar…" />
      </form>
      <FormError id={form.errorId} msg={form.problem?.msg} />
      <FormSuccess msg={done} />
      <h3>{STAFF_TEXT.pendingHeading}</h3>
      {loadFailed ? (
        <InlineRetry onRetry={load} small={false}>
          Kunde inte hämta inbjudningarna.
        </InlineRetry>
      ) : open === null ? (
        <p role="status">Hämtar…</p>
      ) : open.length === 0 ? (
        <p className="muted">{STAFF_TEXT.none}</p>
      ) : (
        <ul className="staff-invite-list">
          {open.map((inv) => (
            <li key={inv.id}>
              <span>
                <strong>{inv.email}</strong> som {STAFF_INVITATION_ROLE_LABEL[inv.role]} · av {inv.invited_by_name} ·
                gäller till {formatShortDateTime(inv.expires_at)}
              </span>{' '}
              <button
                type="button"
                className="button button-secondary"
                aria-label={`${STAFF_TEXT.revoke}: ${inv.email}`}
                onClick={() => void revoke(inv)}
              >
                {STAFF_TEXT.revoke}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
