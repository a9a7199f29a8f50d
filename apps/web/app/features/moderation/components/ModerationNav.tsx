import type { User } from '@vaggen/contract';
import { isAdmin } from '@vaggen/contract';
import { NavLink } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';

/** Paths of the moderation pages (issue 16). */
export const MODERATION_PATHS = {
  queue: '/admin/moderation',
  settings: '/admin/moderation/settings',
  bans: '/admin/moderation/bans',
  log: '/admin/moderation/log',
} as const;

/**
 * The moderation pages' heading and menu: the queue for writers and admins; settings, bans and
 * the log for admins only (the server refuses them to writers as well).
 */
export function ModerationHeader({ user, title }: { user: User; title: string }) {
  return (
    <header className="mod-head">
      <Breadcrumbs
        trail={title === 'Moderering' ? [] : [{ to: MODERATION_PATHS.queue, label: 'Moderering' }]}
        current={title}
      />
      <h1 className="page-title">{title}</h1>
      {isAdmin(user) && (
        <nav className="mod-nav subnav" aria-label="Moderering">
          <NavLink to={MODERATION_PATHS.queue} end>
            Granskningskö
          </NavLink>
          <NavLink to={MODERATION_PATHS.settings}>Inställningar</NavLink>
          <NavLink to={MODERATION_PATHS.bans}>Avstängningar</NavLink>
          <NavLink to={MODERATION_PATHS.log}>Logg</NavLink>
        </nav>
      )}
    </header>
  );
}
