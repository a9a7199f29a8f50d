import '../notifications.css';
import type { User } from '@vaggen/contract';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { NotificationsQueryProvider } from '../../../lib/queryClient';
import { usePageLocation } from '../../../lib/router-bridge';
import { badgeLabel, unreadText, useListsFollowCount, useUnreadCount } from '../hooks';
import { CompactPanel } from './CompactList';
import { BellIcon } from './TypeIcon';

function Dropdown({
  id,
  userId,
  count,
  onClose,
}: {
  id: string;
  userId: number;
  count: number;
  onClose: (focusBell: boolean) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section id={id} className="notif-dropdown surface" aria-labelledby={headingId}>
      <CompactPanel
        userId={userId}
        count={count}
        onDone={() => onClose(false)}
        heading={
          <h2 id={headingId} ref={headingRef} tabIndex={-1}>
            Notifikationer
          </h2>
        }
      />
    </section>
  );
}

/** Spec 000 §2 header bell: badge with the unread count (9+ above 9) and the dropdown of the latest 10. */
function Bell({ userId }: { userId: number }) {
  const count = useUnreadCount(userId);
  useListsFollowCount(userId, count);
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = usePageLocation();

  const close = useCallback((focusBell: boolean) => {
    setOpen(false);
    if (focusBell) buttonRef.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation by design
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (!open) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = [...(wrapRef.current?.querySelectorAll<HTMLElement>('[data-notif-item]') ?? [])];
    if (items.length === 0) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = e.key === 'ArrowDown' ? items[(at + 1) % items.length] : items[at <= 0 ? items.length - 1 : at - 1];
    next.focus();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling for the disclosure and its list
    <div
      className="bell"
      ref={wrapRef}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (open && e.relatedTarget && !wrapRef.current?.contains(e.relatedTarget as Node)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="bell-button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={count > 0 ? `Notifikationer, ${unreadText(count)}` : 'Notifikationer'}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon />
        {count > 0 && (
          <span className="bell-badge count-badge" aria-hidden="true" data-testid="bell-badge">
            {badgeLabel(count)}
          </span>
        )}
      </button>
      <span className="visually-hidden" role="status">
        {count > 0 ? unreadText(count) : ''}
      </span>
      {open && <Dropdown id={panelId} userId={userId} count={count} onClose={close} />}
    </div>
  );
}

/** Loaded lazily (only for logged-in users), so readers never download the query library. */
export default function HeaderBell({ user }: { user: User }) {
  return (
    <NotificationsQueryProvider>
      <Bell userId={user.id} />
    </NotificationsQueryProvider>
  );
}
