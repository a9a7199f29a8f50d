import {
  AUTH_MSG,
  AVATAR_DEFAULT_SIZE,
  canWrite,
  displayName,
  EMAIL_PATTERN,
  FULL_NAME_MAX,
  INFO_MESSAGE_MS,
  isPictureAddress,
  PROFILE_PICTURE_MAX,
  USERS_MSG,
  type User,
} from '@vaggen/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { Avatar } from '../../../components/Avatar';
import { EmailField, FormError, FormField, NameField, SubmitButton } from '../../../components/FormField';
import { ApiError } from '../../../lib/api';
import { accountApi, useSession } from '../../../lib/session';
import { useFlash } from '../../../lib/useFlash';
import { useFormSubmission, useFormValues } from '../../../lib/useFormSubmission';
import { ApiTokenManager } from './ApiTokenManager';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ProfilePictureUpload } from './ProfilePictureUpload';
import { RoleBadge } from './RoleBadge';

type Field = 'full_name' | 'email' | 'profile_picture';
type Values = Record<Field, string>;

const valuesOf = (u: User): Values => ({
  full_name: u.full_name ?? '',
  email: u.email ?? '',
  profile_picture: u.profile_picture ?? '',
});

type Changes = Partial<Record<Field, string | null>>;

/** Spec 001 §5: only the changed fields are sent; a cleared field is sent as null. */
export function changedFields(user: User, v: Values): Changes {
  const out: Partial<Record<Field, string | null>> = {};
  for (const f of ['profile_picture', 'full_name', 'email'] as const) {
    const next = v[f].trim();
    if (next !== (user[f] ?? '')) out[f] = next === '' ? null : next;
  }
  return out;
}

/** The changes the client refuses before sending: a malformed e-mail or picture URL. */
function validateChanges(changes: Changes): { msg: string; field: Field } | null {
  if (changes.email && !EMAIL_PATTERN.test(changes.email)) return { msg: USERS_MSG.invalidEmail, field: 'email' };
  if (changes.profile_picture && !isPictureAddress(changes.profile_picture))
    return { msg: USERS_MSG.pictureUrlInvalid, field: 'profile_picture' };
  return null;
}

function saveError(err: unknown): string {
  const msg = err instanceof ApiError ? err.serverMsg : undefined;
  if (msg === USERS_MSG.emailInUse) return USERS_MSG.emailInUseSv;
  return msg ?? USERS_MSG.genericError;
}

function PicturePreview({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new URL gets a new try
  useEffect(() => setBroken(false), [url]);
  if (!url || !isPictureAddress(url)) return null;
  return (
    <figure className="picture-preview">
      {broken ? (
        <p className="muted">Bilden kunde inte visas.</p>
      ) : (
        <img src={url} alt="Förhandsvisning av profilbilden" width={96} height={96} onError={() => setBroken(true)} />
      )}
      <figcaption className="visually-hidden">Förhandsvisning</figcaption>
    </figure>
  );
}

/** Spec 001 §2 profile settings (Användarinställningar). */
/**
 * What other features add to the profile (the route composes them): `sections` after the password
 * form (mail notifications, the newsletter, role requests), `last` at the end (one's personal data).
 */
export interface ProfileSlots {
  sections: (user: User) => ReactNode;
  last: (user: User) => ReactNode;
}

export function ProfilePage({ user, slots }: { user: User; slots: ProfileSlots }) {
  const session = useSession();
  const [notice, setNotice] = useFlash(INFO_MESSAGE_MS);
  const [confirmNote, setConfirmNote] = useState(false);
  const form = useFormSubmission({
    idPrefix: 'profile',
    validate: validateChanges,
    send: async (changes: Changes) => {
      const updated = await accountApi.updateProfile(changes);
      session.setUser(updated);
      setNotice(USERS_MSG.profileUpdated);
      // Issue 21: with verification on, a new address is confirmed again before commenting.
      setConfirmNote(false);
      if (changes.email) {
        const state = await accountApi.emailVerification().catch(() => null);
        setConfirmNote(Boolean(state?.required && !state.verified));
      }
    },
    failMsg: saveError,
    stayOpen: true,
  });

  const { values, setValues, input, bind } = useFormValues<Values>(() => valuesOf(user), form);
  // Keep the form in step when the user changes elsewhere (e.g. the avatar rule saved a new URL).
  useEffect(() => setValues(valuesOf(user)), [user, setValues]);

  function submit(e: React.FormEvent) {
    const changes = changedFields(user, values);
    if (!form.sending && Object.keys(changes).length === 0) {
      e.preventDefault();
      form.clearProblem();
      setNotice(USERS_MSG.noChanges);
      return;
    }
    setNotice(null);
    void form.submit(e, changes);
  }

  const name = displayName(user);

  return (
    <div className="profile-page">
      <h1 className="page-title">Användarinställningar</h1>
      <section className="profile-card surface" aria-label="Konto">
        <Avatar
          src={user.profile_picture}
          name={name}
          size={AVATAR_DEFAULT_SIZE}
          alt={`Profilbild för ${user.username}`}
          className="profile-avatar"
        />
        <div>
          <p className="profile-username">{user.username}</p>
          {user.full_name && <p className="muted">{user.full_name}</p>}
          <RoleBadge type={user.account_type} />
        </div>
      </section>

      <section className="profile-section surface" aria-labelledby="profile-form-title">
        <h2 id="profile-form-title">Profil</h2>
        <form className="account-form" onSubmit={submit} noValidate>
          <NameField id="profile-full_name" {...bind('full_name')} maxLength={FULL_NAME_MAX} />
          <EmailField id="profile-email" label="E-post" {...bind('email')} />
          <FormField id="profile-profile_picture" label="Bild-URL" {...form.field('profile_picture')}>
            {(c) => (
              <>
                <input
                  {...c}
                  {...input('profile_picture')}
                  type="url"
                  inputMode="url"
                  maxLength={PROFILE_PICTURE_MAX}
                  placeholder="https://"
                />
                <PicturePreview url={values.profile_picture.trim()} />
              </>
            )}
          </FormField>
          <FormError id={form.errorId} msg={form.problem?.msg} />
          {notice && (
            <p className={notice === USERS_MSG.noChanges ? 'form-info' : 'form-success'} role="status">
              {notice}
            </p>
          )}
          {confirmNote && (
            <p className="form-info" role="status">
              {AUTH_MSG.newEmailToConfirm}
            </p>
          )}
          <SubmitButton form={form} label="Spara ändringar" sendingLabel="Sparar..." />
        </form>
      </section>

      <section className="profile-section surface" aria-label="Profilbild">
        <ProfilePictureUpload />
      </section>

      <PasswordChangeForm />

      {slots.sections(user)}

      {canWrite(user) && (
        <section className="profile-section surface" aria-labelledby="profile-dev-title">
          <h2 id="profile-dev-title">Utvecklare</h2>
          <ApiTokenManager />
        </section>
      )}

      {slots.last(user)}
    </div>
  );
}
