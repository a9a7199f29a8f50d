import { CATEGORIES, canWrite, categoryLabel, categoryPath, displayName, type User } from '@vaggen/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { formatLongDate } from '../lib/format';
import { AppLink, useGo } from '../lib/router-bridge';
import { useSession } from '../lib/session/session';
import { Avatar } from './Avatar';
import { Logo } from './Logo';

/**
 * What the features put in the header; the shell (root.tsx) composes them. Each logged-in piece
 * is a lazy wrapper, so the header itself carries none of their code.
 */
export interface HeaderSlots {
  /** The notification bell, for a logged-in user (desktop). */
  bell: (user: User) => ReactNode;
  /** The moderation queue badge beside "Admin", for writers and admins. */
  queueBadge: (user: User) => ReactNode;
  /** The notifications in the mobile menu. */
  mobileNotifications: (user: User, onNavigate: () => void) => ReactNode;
  /** The unread badge on the mobile menu button. */
  menuBadge: ReactNode;
  /** Under the category bar. */
  ticker: ReactNode;
}

function TodayDate() {
  // The server writes its day. In the browser the state starts empty, so the reader's day always
  // reaches the page: a page rendered (and cached) before midnight and read after it shows today.
  // Starting with the browser's date instead, React kept the server's text (the mismatch is
  // suppressed) and the effect's equal date changed nothing.
  const [today, setToday] = useState(() => (typeof document === 'undefined' ? formatLongDate(new Date()) : ''));
  useEffect(() => setToday(formatLongDate(new Date())), []);
  return (
    <time className="today" suppressHydrationWarning>
      {today}
    </time>
  );
}

/**
 * Spec 000 §2 records the typed text; issue 15 makes it search: a GET form to /sok (a page load,
 * with or without JavaScript: the search page is an island page, issue 46).
 */
function SearchBox({ id, autoFocus = false }: { id: string; autoFocus?: boolean }) {
  const [query, setQuery] = useState('');
  return (
    <search className="search">
      <form method="get" action="/sok">
        <label htmlFor={id} className="visually-hidden">
          Sök på Väggen
        </label>
        <input
          id={id}
          type="search"
          placeholder="Sök…"
          value={query}
          maxLength={200}
          autoFocus={autoFocus}
          name="q"
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
    </search>
  );
}

/** NavLink's rule: a link is the current page's (class `active`, `aria-current`) when the path is in it. */
function current(pathname: string, to: string, end = false) {
  const p = pathname.toLowerCase();
  const active = p === to || (!end && p.startsWith(to.endsWith('/') ? to : `${to}/`));
  return active ? ({ className: 'active', 'aria-current': 'page' } as const) : {};
}

function CategoryNav({ pathname, onNavigate }: { pathname: string; onNavigate?: () => void }) {
  return (
    <ul className="category-list">
      <li>
        <AppLink href="/" onClick={onNavigate} {...current(pathname, '/', true)}>
          HEM
        </AppLink>
      </li>
      {CATEGORIES.map((c) => (
        <li key={c}>
          <AppLink
            href={categoryPath(c)}
            onClick={onNavigate}
            title={categoryLabel(c)}
            {...current(pathname, categoryPath(c))}
          >
            {c}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** Logout revokes the token, clears the stored session and goes home. */
function useLogout() {
  const { logout } = useSession();
  const go = useGo();
  return async () => {
    await logout();
    go('/');
  };
}

/**
 * Spec 000 §2 header account area. The server always renders the visitor's version (pages are
 * page-cached for everyone); the session is read after hydration and the header switches then.
 */
function DesktopAccount({ slots }: { slots: HeaderSlots }) {
  const { status, user } = useSession();
  const logout = useLogout();
  if (status !== 'authenticated' || !user) {
    return (
      <AppLink href="/login" className="button button-small">
        Logga in
      </AppLink>
    );
  }
  return (
    <>
      <div className="header-bell" data-slot="notifications">
        {slots.bell(user)}
      </div>
      <AppLink href="/profile" className="header-user">
        <Avatar src={user.profile_picture} name={displayName(user)} size={32} />
        <span className="header-username">{user.username}</span>
      </AppLink>
      {canWrite(user) && (
        <>
          {/* the badge beside, not inside: the spec's header button is named exactly "Admin" */}
          <AppLink href="/admin" className="button button-small button-dark">
            Admin
          </AppLink>
          {slots.queueBadge(user)}
        </>
      )}
      <button type="button" className="button button-small button-secondary" onClick={() => void logout()}>
        Logout
      </button>
    </>
  );
}

function MobileAccount({ onDone, slots }: { onDone: () => void; slots: HeaderSlots }) {
  const { status, user } = useSession();
  const logout = useLogout();
  if (status !== 'authenticated' || !user) {
    return (
      <ul className="mobile-account">
        <li>
          <AppLink href="/login">Logga in</AppLink>
        </li>
        <li>
          <AppLink href="/register">Skapa konto</AppLink>
        </li>
      </ul>
    );
  }
  return (
    <>
      <ul className="mobile-account">
        <li>
          <AppLink href="/profile">Profil</AppLink>
        </li>
        <li>
          <button
            type="button"
            onClick={() => {
              onDone();
              void logout();
            }}
          >
            Logga ut
          </button>
        </li>
        {canWrite(user) && (
          <li>
            <AppLink href="/admin">Admin Dashboard</AppLink>
          </li>
        )}
      </ul>
      <div className="mobile-notifications" data-slot="notifications-mobile">
        {slots.mobileNotifications(user, onDone)}
      </div>
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * The open mobile menu keeps the keyboard (issue 20): focus moves to its first item, Tab and
 * Shift+Tab cycle through the menu button and the menu's items, and Escape closes it and returns
 * focus to the menu button.
 */
function useMenuFocus(open: boolean, close: () => void) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!open || !menu || !button) return;
    menu.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        closeRef.current();
        button.focus();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [button, ...menu.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = at === -1 ? 0 : (at + (e.shiftKey ? -1 : 1) + items.length) % items.length;
      e.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return { buttonRef, menuRef };
}

/**
 * The site header (spec 000 §2). `pathname` is the page's path: an island of a reader page has no
 * router to ask (issue 46), so the shell passes it.
 */
export function Header({ slots, pathname }: { slots: HeaderSlots; pathname: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { buttonRef, menuRef } = useMenuFocus(menuOpen, () => setMenuOpen(false));
  const [searchOpen, setSearchOpen] = useState(false);
  // A fixed id, not useId: the header hydrates as an island of its own, where React's ids differ
  // from those of the whole page the server rendered it in.
  const menuId = 'mobile-menu';
  // Close the mobile menu and search on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change by design
  useEffect(() => {
    setMenuOpen(false);
    setSearchOpen(false);
  }, [pathname]);

  return (
    <header className="site-header">
      <div className="header-top desktop-only">
        <div className="header-inner">
          <TodayDate />
          <SearchBox id="search-desktop" />
          <nav className="header-links" aria-label="Kontakt">
            <AppLink href="/tipsa">Kontakta oss</AppLink>
            <AppLink href="/facebook">Facebook</AppLink>
            <DesktopAccount slots={slots} />
          </nav>
        </div>
      </div>

      <div className="header-brand desktop-only">
        <Logo />
      </div>

      <div className="header-mobile mobile-only">
        <button
          ref={buttonRef}
          type="button"
          className="icon-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Stäng menyn' : 'Öppna menyn'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          {slots.menuBadge}
        </button>
        <Logo small />
        <button
          type="button"
          className="icon-button"
          aria-expanded={searchOpen}
          aria-label="Sök"
          onClick={() => setSearchOpen((o) => !o)}
        >
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-4-4" />
          </svg>
        </button>
      </div>
      {searchOpen && (
        <div className="mobile-search mobile-only">
          <SearchBox id="search-mobile" autoFocus />
        </div>
      )}
      {menuOpen && (
        <nav id={menuId} ref={menuRef} className="mobile-menu mobile-only" aria-label="Meny">
          <MobileAccount onDone={() => setMenuOpen(false)} slots={slots} />
          <CategoryNav pathname={pathname} onNavigate={() => setMenuOpen(false)} />
        </nav>
      )}

      <nav className="category-nav desktop-only" aria-label="Kategorier">
        <CategoryNav pathname={pathname} />
      </nav>
      {/* issue 41: the newsroom works without the radio headlines running above it */}
      {!pathname.startsWith('/admin') && slots.ticker}
    </header>
  );
}
