import { defaultAvatarUrl } from '@vaggen/contract';
import { useState } from 'react';

function initials(name: string): string {
  const parts = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/**
 * A user's picture. Falls back to our generated initials avatar when there is none or it fails to
 * load, and to plain initials if even that fails (spec 001 §2).
 */
export function Avatar({
  src,
  name,
  size,
  alt = '',
  className = '',
}: {
  src: string | null | undefined;
  name: string;
  size: number;
  alt?: string;
  className?: string;
}) {
  // Remember which URL failed, so a new src gets a fresh try.
  const [failed, setFailed] = useState<string[]>([]);
  const generated = defaultAvatarUrl(name || '?', size);
  const candidates = [src, generated].filter((u): u is string => !!u && !failed.includes(u));
  const url = candidates[0];
  if (!url) {
    return (
      <span
        className={`avatar avatar-initials ${className}`}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      >
        <span aria-hidden="true">{initials(name)}</span>
        {alt && <span className="visually-hidden">{alt}</span>}
      </span>
    );
  }
  return (
    <img
      className={`avatar ${className}`}
      src={url}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((f) => [...f, url])}
    />
  );
}
