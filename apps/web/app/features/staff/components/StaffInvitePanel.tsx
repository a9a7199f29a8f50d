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
import { ApiError } from '../../../lib/api';
import { staffApi } from '../api';

/** Issue 41: the admin's form to invite staff by e-mail, and the invitations still open. */
export function StaffInvitePanel() {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffInvitationRole>('writer');
  const [sending, setSending] = useState(false);
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
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

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    setMsg(null);
    try {
      const created = await staffApi.invite({ email, role });
      setMsg({ ok: true, text: STAFF_TEXT.sent(created.email) });
      setEmail('');
      load();
    } catch (err) {
      setMsg({
        ok: false,
        text: err instanceof ApiError && err.serverMsg ? err.serverMsg : 'Inbjudan kunde inte skickas.',
      });
    } finally {
      setSending(false);
    }
  }

  async function revoke(inv: StaffInvitation) {
    try {
      await staffApi.revoke(inv.id);
      setMsg({ ok: true, text: STAFF_TEXT.revoked });
    } catch (err) {
      setMsg({ ok: false, text: err instanceof ApiError && err.serverMsg ? err.serverMsg : STAFF_TEXT.notFound });
    }
    load();
  }

  return (
    <section className="staff-invite surface" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>{STAFF_TEXT.heading}</h2>
      <p className="muted">{STAFF_TEXT.intro}</p>
      <form className="staff-invite-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${ids}-email`}>{STAFF_TEXT.emailLabel}</label>
          <input
            className="control"
            id={`${ids}-email`}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-role`}>{STAFF_TEXT.roleLabel}</label>
          <select
            className="control"
            id={`${ids}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as StaffInvitationRole)}
          >
            {STAFF_INVITATION_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_INVITATION_ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Skickar…' : STAFF_TEXT.send}
        </button>
      </form>
      {msg && (
        <p className={msg.ok ? 'form-success' : 'form-error'} role={msg.ok ? 'status' : 'alert'}>
          {msg.text}
        </p>
      )}
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
