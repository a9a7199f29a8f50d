import { type AccountType, displayName, formatShortDateTime, USERS_MSG, type User } from '@vaggen/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { TableHead } from '../../../components/TableHead';
import { ApiError } from '../../../lib/api';
import { cachedUsers, dropUsersCache, loadUsers, usersApi } from '../api';
import { RoleBadge } from './RoleBadge';

type Filter = 'all' | AccountType;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'Alla' },
  { value: 'admin', label: 'Administratörer' },
  { value: 'writer', label: 'Skribenter' },
  { value: 'user', label: 'Användare' },
];

interface Action {
  to: AccountType;
  label: string;
  question: (name: string) => string;
}
const PROMOTE_ADMIN: Action = {
  to: 'admin',
  label: 'Gör till admin',
  question: (n) => `Vill du göra ${n} till administratör?`,
};
const PROMOTE_WRITER: Action = {
  to: 'writer',
  label: 'Gör till skribent',
  question: (n) => `Vill du göra ${n} till skribent?`,
};
const DEMOTE_USER: Action = {
  to: 'user',
  label: 'Gör till användare',
  question: (n) => `Vill du ändra ${n} till vanlig användare?`,
};

/** Spec 001 §4: promote-to-admin for non-admins, promote-to-writer for plain users, demote for writers and admins. */
export function actionsFor(type: AccountType): Action[] {
  if (type === 'user') return [PROMOTE_ADMIN, PROMOTE_WRITER];
  if (type === 'writer') return [PROMOTE_ADMIN, DEMOTE_USER];
  return [DEMOTE_USER];
}

export const formatLastLogin = (iso: string | null) => {
  if (!iso) return USERS_MSG.lastLoginUnknown;
  return Number.isNaN(new Date(iso).getTime()) ? USERS_MSG.lastLoginUnknown : formatShortDateTime(iso);
};

function matches(u: User, q: string): boolean {
  if (!q) return true;
  return [u.username, u.full_name, u.email].some((s) => s?.toLowerCase().includes(q));
}

/** Spec 001 §2 / §4 user management (admin only; the server checks that too). */
export function UserManagement({ me }: { me: User }) {
  const [users, setUsers] = useState<User[] | null>(() => cachedUsers(me.id));
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [pending, setPending] = useState<{ user: User; action: Action } | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const fetchUsers = useCallback(
    async (force: boolean) => {
      try {
        setUsers(await loadUsers(me.id, { force }));
        setFailed(false);
      } catch (err) {
        console.error('loading users failed', err);
        setFailed(true);
      }
    },
    [me.id],
  );

  useEffect(() => {
    void fetchUsers(false);
  }, [fetchUsers]);

  const visible = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (users ?? [])
      .filter((u) => u.id !== me.id) // an admin cannot change their own role: own row hidden
      .filter((u) => filter === 'all' || u.account_type === filter)
      .filter((u) => matches(u, q));
  }, [users, me.id, filter, query]);

  async function confirm() {
    if (!pending) return;
    setSaving(true);
    setSaveError(null);
    try {
      await usersApi.setRole(pending.user.id, pending.action.to);
      dropUsersCache();
      await fetchUsers(true); // spec 001 §8: the list reloads, then the dialog closes
      setPending(null);
    } catch (err) {
      setSaveError(err instanceof ApiError && err.serverMsg ? err.serverMsg : USERS_MSG.genericError);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="user-management">
      <h1 className="page-title">Användarhantering</h1>
      <div className="um-toolbar">
        <div className="field um-search">
          <label htmlFor="um-search">Sök användare</label>
          <input
            className="control"
            id="um-search"
            type="search"
            placeholder="Namn, e-post eller användarnamn"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form group */}
        <div className="um-filters" role="group" aria-label="Filtrera på roll">
          {FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              className="filter-button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
            </button>
          ))}
        </div>
      </div>

      {failed ? (
        <p className="form-error" role="alert">
          {USERS_MSG.usersLoadFailed}
        </p>
      ) : users === null ? (
        <p role="status">{USERS_MSG.usersLoading}</p>
      ) : visible.length === 0 ? (
        <p className="empty">{USERS_MSG.usersEmpty}</p>
      ) : (
        <table className="um-table">
          <caption className="visually-hidden">Användare</caption>
          <TableHead columns={['Användare', 'Roll', 'Senaste inloggning', 'Åtgärder']} />
          <tbody>
            {visible.map((u) => {
              const name = displayName(u);
              const secondary = u.email || (u.full_name ? u.username : null);
              return (
                <tr key={u.id} data-username={u.username}>
                  <td data-label="Användare">
                    <div className="um-user">
                      <Avatar src={u.profile_picture} name={name} size={40} />
                      <div>
                        <div className="um-name">{name}</div>
                        {secondary && <div className="muted um-secondary">{secondary}</div>}
                      </div>
                    </div>
                  </td>
                  <td data-label="Roll">
                    <RoleBadge type={u.account_type} />
                  </td>
                  <td data-label="Senaste inloggning">{formatLastLogin(u.last_login)}</td>
                  <td data-label="Åtgärder">
                    <div className="um-actions">
                      {actionsFor(u.account_type).map((a) => (
                        <button
                          key={a.to}
                          type="button"
                          className="button button-secondary button-small"
                          aria-label={`${a.label}: ${name}`}
                          onClick={() => {
                            setSaveError(null);
                            setPending({ user: u, action: a });
                          }}
                        >
                          {a.label}
                        </button>
                      ))}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        open={pending !== null}
        title="Bekräfta ändring"
        confirmLabel="Bekräfta"
        pending={saving}
        error={saveError}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending && (
          <>
            <p>{pending.action.question(displayName(pending.user))}</p>
            <p className="muted">Användaren loggas ut och behöver logga in igen.</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
