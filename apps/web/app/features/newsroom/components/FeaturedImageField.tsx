import { uploadFailedMessage } from '@vaggen/contract';
import { useEffect, useId, useState } from 'react';
import { FormError } from '../../../components/FormField';
import { UploadError, uploadImage } from '../api';
import { NEWSROOM_MSG } from '../messages';
import { ImageFileButton } from './ImageFileButton';

/** Featured image (spec 000 §2): an address, or an uploaded file; with a preview. */
export function FeaturedImageField({ value, onChange }: { value: string; onChange(url: string): void }) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [broken, setBroken] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address gets a new preview attempt
  useEffect(() => setBroken(false), [value]);

  async function upload(file: File) {
    setError(null);
    setDone(false);
    setUploading(true);
    try {
      onChange(await uploadImage(file));
      setDone(true);
    } catch (err) {
      setError(err instanceof UploadError ? err.message : uploadFailedMessage(0, String(err)));
    } finally {
      setUploading(false);
    }
  }

  const preview = value.trim();
  return (
    <fieldset className="featured-image">
      <legend>Huvudbild</legend>
      <div className="featured-image-inputs">
        <div className="field featured-image-url">
          <label htmlFor={`${id}-url`}>Bildadress (URL)</label>
          <input
            className="control"
            id={`${id}-url`}
            name="featured_image"
            type="url"
            inputMode="url"
            placeholder="https://… eller ladda upp en bild"
            value={value}
            onChange={(e) => {
              setDone(false);
              onChange(e.target.value);
            }}
          />
        </div>
        <div className="featured-image-upload">
          <ImageFileButton
            id={`${id}-file`}
            uploading={uploading}
            className="button button-secondary"
            onFile={(file) => void upload(file)}
          >
            {uploading ? 'Laddar upp...' : 'Ladda upp huvudbild'}
          </ImageFileButton>
        </div>
      </div>
      <p className="field-hint">JPEG, PNG, WebP, GIF eller AVIF, högst 10 MB.</p>
      {uploading && (
        <p className="visually-hidden" role="status">
          Laddar upp bilden...
        </p>
      )}
      {done && !uploading && (
        <p className="featured-image-done" role="status">
          {NEWSROOM_MSG.uploaded}
        </p>
      )}
      <FormError msg={error} />
      {preview && (
        <figure className="featured-image-preview">
          {broken ? (
            <p className="muted">Förhandsvisningen kunde inte laddas.</p>
          ) : (
            <img src={preview} alt="Förhandsvisning av huvudbilden" onError={() => setBroken(true)} />
          )}
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              setDone(false);
              onChange('');
            }}
          >
            Ta bort huvudbild
          </button>
        </figure>
      )}
    </fieldset>
  );
}
