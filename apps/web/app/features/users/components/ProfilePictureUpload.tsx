import { MSG, type User } from '@vaggen/contract';
import { type ChangeEvent, useId, useState } from 'react';
import { FormError, FormSuccess } from '../../../components/FormField';
import { ApiError, getJson } from '../../../lib/api';

/**
 * Issue 17: upload a profile picture (re-encoded by the server and served from /uploads). The
 * "Bild-URL" field above still works; a picture given by URL is fetched once by the server.
 */
export function ProfilePictureUpload({ onUploaded }: { onUploaded?: (user: User) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const user = await getJson<User>('/api/profile/picture', { method: 'POST', body: form });
      try {
        if (user.profile_picture) window.localStorage.setItem('profilePicture', user.profile_picture);
      } catch {}
      setDone('Profilbilden är uppladdad.');
      onUploaded?.(user);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMsg ? err.serverMsg : MSG.uploadBroken);
    } finally {
      setBusy(false);
      e.target.value = '';
    }
  };

  return (
    <div className="field">
      <label htmlFor={`${id}-file`}>Ladda upp profilbild</label>
      <input
        className="control"
        id={`${id}-file`}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
        onChange={upload}
        disabled={busy}
      />
      <p className="field-hint">{busy ? 'Laddar upp...' : 'JPEG, PNG, GIF, WebP eller AVIF, högst 5 MB.'}</p>
      <FormError msg={error} />
      <FormSuccess msg={done} />
    </div>
  );
}
