import { mayRequestRole, REQUEST_KINDS, REQUEST_MESSAGE_MAX, ROLE_REQUESTS_MSG, type User } from '@vaggen/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { FormError } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { fullDateTime } from '../../../lib/relativeTime';
import { useFormSubmission } from '../../../lib/useFormSubmission';
import { type RequestKind, type RoleRequest, roleRequestsApi } from '../api';

const KINDS: { kind: RequestKind; label: string; about: string }[] = [
  {
    kind: 'writer',
    label: ROLE_REQUESTS_MSG.becomeWriter,
    about: 'Skribenter skriver och publicerar egna artiklar på Väggen.',
  },
  {
    kind: 'admin',
    label: ROLE_REQUESTS_MSG.becomeAdmin,
    about: 'Administratörer hanterar alla artiklar och användare och beslutar om förfrågningar.',
  },
];

/** Spec 001 §4: writer rights for plain users only; admin rights for every non-admin. */
export const kindsFor = (user: User): RequestKind[] => REQUEST_KINDS.filter((kind) => mayRequestRole(user, kind));

/** Spec 001 §8: the server's msg, else the generic text. */
const sendError = (err: unknown) => (err instanceof ApiError && err.serverMsg) || ROLE_REQUESTS_MSG.requestFailed;

type Mode = 'collapsed' | 'open' | 'submitted';

function RequestBlock({
  kind,
  label,
  about,
  latest,
  onSent,
}: {
  kind: RequestKind;
  label: string;
  about: string;
  latest: RoleRequest | undefined;
  onSent: () => void;
}) {
  const [mode, setMode] = useState<Mode>('collapsed');
  const [message, setMessage] = useState('');
  const textRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const formId = useId();
  const fieldId = `${formId}-message`;
  const headingId = useId();
  const form = useFormSubmission<string, 'message'>({
    idPrefix: formId,
    validate: (m) => (m.trim() ? null : { msg: ROLE_REQUESTS_MSG.requestMotivation, field: 'message' }),
    send: async (m) => {
      await roleRequestsApi.send(kind, m.trim());
      setMode('submitted');
      setMessage('');
      onSent();
    },
    failMsg: sendError,
    stayOpen: true,
  });
  const error = form.problem?.msg ?? null;
  const errorId = form.errorId;
  const sending = form.sending;

  useEffect(() => {
    if (mode === 'open') textRef.current?.focus();
    if (mode === 'submitted') statusRef.current?.focus();
  }, [mode]);

  const rejected = latest?.status === 'rejected';
  const waiting = latest?.status === 'pending';
  const approved = latest?.status === 'approved';

  return (
    <section className={`request-block request-${kind}`} aria-labelledby={headingId}>
      <h3 id={headingId}>{label}</h3>
      <p className="muted">{about}</p>

      {mode === 'submitted' ? (
        <p className="form-success" role="status" tabIndex={-1} ref={statusRef}>
          Tack! Din förfrågan har skickats. Du får en notifikation när en administratör har svarat.
        </p>
      ) : waiting ? (
        <p className="form-info">Din förfrågan skickades {fullDateTime(latest.created_at)} och väntar på svar.</p>
      ) : approved ? (
        <p className="form-info">Din förfrågan har godkänts. Logga in igen för att använda dina nya rättigheter.</p>
      ) : mode === 'open' ? (
        <form className="account-form request-form" onSubmit={(e) => void form.submit(e, message)} noValidate>
          {rejected && <RejectedNote request={latest} />}
          <div className="field">
            <label htmlFor={fieldId}>Motivering</label>
            <textarea
              className="control"
              id={fieldId}
              ref={textRef}
              rows={5}
              maxLength={REQUEST_MESSAGE_MAX}
              value={message}
              placeholder="Berätta varför du vill ha rättigheterna"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <FormError id={errorId} msg={error} />
          <div className="request-buttons">
            <button type="submit" className="button" disabled={sending}>
              {sending ? 'Skickar...' : 'Skicka förfrågan'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={sending}
              onClick={() => {
                setMode('collapsed');
                form.clearProblem();
                requestAnimationFrame(() => openerRef.current?.focus());
              }}
            >
              Avbryt
            </button>
          </div>
        </form>
      ) : (
        <>
          {rejected && <RejectedNote request={latest} />}
          <button ref={openerRef} type="button" className="button" onClick={() => setMode('open')}>
            {rejected ? ROLE_REQUESTS_MSG.sendNewRequest : label}
          </button>
        </>
      )}
    </section>
  );
}

function RejectedNote({ request }: { request: RoleRequest }) {
  return (
    <div className="request-rejected">
      <p>
        <strong>Din tidigare förfrågan avslogs</strong> ({fullDateTime(request.created_at)}).
      </p>
      {request.reason && <p>Anledning: {request.reason}</p>}
      <p>Du kan skicka en ny förfrågan.</p>
    </div>
  );
}

/**
 * Spec 001 §2 / §4 profile role requests: "Bli skribent" (plain users) and
 * "Administratörsrättigheter" (non-admins) with a motivation; a rejected request shows a note and
 * "Skicka ny förfrågan".
 */
export function RoleRequestsSection({ user }: { user: User }) {
  const kinds = kindsFor(user);
  const [mine, setMine] = useState<RoleRequest[] | null>(null);
  const headingId = useId();

  const load = useCallback(async () => {
    try {
      setMine(await roleRequestsApi.mine());
    } catch (err) {
      console.error('loading own role requests failed', err); // spec 000 §8: an empty list
      setMine([]);
    }
  }, []);

  useEffect(() => {
    if (kinds.length > 0) void load();
  }, [kinds.length, load]);

  if (kinds.length === 0) return null;
  return (
    <section className="profile-section role-requests surface" aria-labelledby={headingId} aria-busy={mine === null}>
      <h2 id={headingId}>Utökade rättigheter</h2>
      {mine === null ? (
        <p className="muted" role="status">
          Laddar...
        </p>
      ) : (
        <div className="request-blocks">
          {KINDS.filter((k) => kinds.includes(k.kind)).map((k) => (
            <RequestBlock key={k.kind} {...k} latest={mine.find((r) => r.kind === k.kind)} onSent={() => void load()} />
          ))}
        </div>
      )}
    </section>
  );
}
