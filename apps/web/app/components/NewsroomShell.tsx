import { canWrite, isAdmin, type User } from '@vaggen/contract';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';

interface Item {
  to: string;
  label: string;
  /** Who sees it (the server refuses the page to others as well). */
  who: 'writer' | 'admin';
  /** Matches this path only, not the pages under it. */
  end?: boolean;
}

/**
 * The newsroom's pages in the order of a working day: publishing, what readers send in, what goes
 * out by mail, and the paper itself. Writers see their own part.
 */
const GROUPS: { label: string; items: Item[] }[] = [
  {
    label: 'Publicera',
    items: [
      { to: '/admin', label: 'Artiklar', who: 'writer', end: true },
      { to: '/admin/articles/new', label: 'Ny artikel', who: 'writer' },
      { to: '/admin/granskning', label: 'Granskning', who: 'admin' },
      { to: '/admin/forstasidan', label: 'Förstasidan', who: 'admin' },
    ],
  },
  {
    label: 'Läsarna',
    items: [
      { to: '/admin/statistik', label: 'Statistik', who: 'writer' },
      { to: '/admin/moderation', label: 'Moderering', who: 'writer' },
      { to: '/admin/inbox', label: 'Inkorg', who: 'admin' },
      { to: '/admin/genmalen', label: 'Genmälen', who: 'admin' },
      { to: '/admin/dsa', label: 'Olagligt innehåll (DSA)', who: 'admin' },
    ],
  },
  {
    label: 'Utskick',
    items: [
      { to: '/admin/newsletter', label: 'Morgonbrevet', who: 'admin' },
      { to: '/admin/mail', label: 'E-post', who: 'admin' },
    ],
  },
  {
    label: 'Tidningen',
    items: [
      { to: '/admin/prenumerationer', label: 'Prenumerationer', who: 'admin' },
      { to: '/admin/user-management', label: 'Användarhantering', who: 'admin' },
      { to: '/admin/installningar', label: 'Tidningens uppgifter', who: 'admin' },
    ],
  },
];

/**
 * Issue 41: the one newsroom shell — every newsroom page starts with the same menu (the spec's
 * "navigation" of the dashboard: the site's front page, the articles, a new article, and for admins
 * the user management among the rest), grouped, the current page marked. `badges` puts a labelled
 * count beside an item (the moderation queue). At 480 px each group scrolls sideways on one line.
 */
export function NewsroomShell({ user, badges = {} }: { user: User; badges?: Record<string, ReactNode> }) {
  if (!canWrite(user)) return null;
  const admin = isAdmin(user);
  return (
    <nav className="newsroom-shell" aria-label="Redaktionens meny">
      <Link className="newsroom-shell-site" to="/">
        Startsida
      </Link>
      {GROUPS.map((g) => {
        const items = g.items.filter((i) => i.who === 'writer' || admin);
        if (items.length === 0) return null;
        return (
          <div className="newsroom-shell-group" key={g.label}>
            <span className="newsroom-shell-label" aria-hidden="true">
              {g.label}
            </span>
            <ul aria-label={g.label}>
              {items.map((i) => (
                <li key={i.to}>
                  <NavLink to={i.to} end={i.end}>
                    {i.label}
                    {badges[i.to]}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
