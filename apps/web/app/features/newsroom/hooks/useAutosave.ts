import {
  AUTOSAVE_INTERVAL_MS,
  type AUTOSAVE_NEW,
  AUTOSAVE_STORAGE_PREFIX,
  type Autosave,
  type AutosaveDraft,
  NEWSROOM_TEXT,
} from '@vaggen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';
import { ApiError } from '../../../lib/api';
import { readStoredSession } from '../../../lib/session';
import { newsroomApi } from '../api';

export type AutosaveSlot = number | typeof AUTOSAVE_NEW;

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed' }
  | { kind: 'paused' };

/** The form as one string, the same whatever order its fields came in. */
const canon = (d: AutosaveDraft) =>
  JSON.stringify(
    Object.keys(d)
      .sort()
      .map((k) => [k, d[k as keyof AutosaveDraft]]),
  );

/** The browser's copy (when the server could not be reached): per account and article. */
function storageKey(slot: AutosaveSlot): string | null {
  const userId = readStoredSession().userId;
  return userId ? `${AUTOSAVE_STORAGE_PREFIX}${userId}:${slot}` : null;
}

function readLocal(slot: AutosaveSlot): Autosave | null {
  try {
    const key = storageKey(slot);
    const raw = key ? window.localStorage.getItem(key) : null;
    return raw ? (JSON.parse(raw) as Autosave) : null;
  } catch {
    return null;
  }
}

function writeLocal(slot: AutosaveSlot, copy: Autosave | null) {
  try {
    const key = storageKey(slot);
    if (!key) return;
    if (copy) window.localStorage.setItem(key, JSON.stringify(copy));
    else window.localStorage.removeItem(key);
  } catch {
    // a full or blocked storage: the server's copy is the one that counts
  }
}

/**
 * The newest unsaved copy of an article — the server's, or the browser's when that is newer (it was
 * kept while the server could not be reached) — when it differs from what the editor opened.
 */
export async function findUnsaved(slot: AutosaveSlot, opened: AutosaveDraft): Promise<Autosave | null> {
  const server = await newsroomApi.autosave(slot).catch(() => null);
  const local = readLocal(slot);
  const newest = [server, local]
    .filter((c): c is Autosave => c !== null)
    .sort((a, b) => b.saved_at.localeCompare(a.saved_at))[0];
  if (!newest || canon({ ...opened, ...newest.draft }) === canon(opened)) return null;
  return newest;
}

/** Throws the working copies away (the editor's "Släng dem", or after a save). */
export function dropUnsaved(slot: AutosaveSlot) {
  writeLocal(slot, null);
  newsroomApi.dropAutosave(slot).catch(() => {});
}

/**
 * Issue 41: the editor never loses work. While the form differs from what was last saved (`dirty`),
 * its copy goes to the server every few seconds (a working copy: not a revision, not the article)
 * and, when the server cannot be reached, to this browser. Someone else's newer save pauses it
 * (`onConflict`: the editor's 409 choice). Leaving with unsaved changes asks first — the tab's
 * close (`beforeunload`) and in-app links (`useBlocker`) — unless `allowLeave()` was called (after
 * a save that navigates).
 */
export function useAutosave({
  slot,
  baseVersion,
  draft,
  saved,
  paused,
  onConflict,
}: {
  slot: AutosaveSlot;
  baseVersion: number | null;
  draft: AutosaveDraft;
  /** The form as last saved (what changes are measured against). */
  saved: AutosaveDraft;
  paused: boolean;
  onConflict(msg: string): void;
}) {
  const snapshot = canon(draft);
  const baseline = useRef(canon(saved));
  const latest = useRef({ snapshot, draft, baseVersion });
  latest.current = { snapshot, draft, baseVersion };
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sentSnapshot = useRef('');
  const leaving = useRef(false);
  const conflictRef = useRef(onConflict);
  conflictRef.current = onConflict;
  const dirty = snapshot !== baseline.current;

  const send = useCallback(async () => {
    timer.current = undefined;
    const { snapshot: now, draft: copy, baseVersion: base } = latest.current;
    if (now === baseline.current || now === sentSnapshot.current) return;
    setState({ kind: 'saving' });
    try {
      const { saved_at } = await newsroomApi.putAutosave(slot, { base_version: base, draft: copy });
      sentSnapshot.current = now;
      writeLocal(slot, null);
      setState({ kind: 'saved', at: saved_at });
    } catch (err) {
      writeLocal(slot, { base_version: base, saved_at: new Date().toISOString(), stale: false, draft: copy });
      if (err instanceof ApiError && err.status === 409) {
        setState({ kind: 'paused' });
        conflictRef.current(err.serverMsg || NEWSROOM_TEXT.conflictPlain);
      } else setState({ kind: 'failed' });
    }
  }, [slot]);

  // Every change starts the clock unless it is already running: one send per interval at most.
  useEffect(() => {
    if (paused || !dirty || timer.current) return;
    timer.current = setTimeout(() => void send(), AUTOSAVE_INTERVAL_MS);
  }, [dirty, paused, send]);
  useEffect(() => () => clearTimeout(timer.current), []);

  /** After a save of the article: this is the saved state now (the server dropped its copy). */
  const markSaved = useCallback(() => {
    baseline.current = latest.current.snapshot;
    sentSnapshot.current = latest.current.snapshot;
    clearTimeout(timer.current);
    timer.current = undefined;
    writeLocal(slot, null);
    setState({ kind: 'idle' });
  }, [slot]);

  /** Leaving on purpose (after a save that navigates, or to the login page with a copy kept here). */
  const allowLeave = useCallback(
    ({ keepCopy = false } = {}) => {
      leaving.current = true;
      if (keepCopy && latest.current.snapshot !== baseline.current) {
        const { draft: copy, baseVersion: base } = latest.current;
        writeLocal(slot, { base_version: base, saved_at: new Date().toISOString(), stale: false, draft: copy });
      }
    },
    [slot],
  );

  useBeforeUnload(
    useCallback(
      (e: BeforeUnloadEvent) => {
        if (leaving.current || latest.current.snapshot === baseline.current) return;
        // the browser's own question; the copy is kept here too in case the tab goes anyway
        const { draft: copy, baseVersion: base } = latest.current;
        writeLocal(slot, { base_version: base, saved_at: new Date().toISOString(), stale: false, draft: copy });
        e.preventDefault();
        e.returnValue = '';
      },
      [slot],
    ),
  );
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !leaving.current &&
      latest.current.snapshot !== baseline.current &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  return { state, dirty, markSaved, allowLeave, blocker };
}
