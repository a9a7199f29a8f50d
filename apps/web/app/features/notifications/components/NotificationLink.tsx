import type { Notification } from '@vaggen/contract';
import { AppLink, usePageLocation } from '../../../lib/router-bridge';

/** An in-app path (never another site, never `javascript:`). */
export const inAppPath = (url: string | null): string | null =>
  url?.startsWith('/') && !url.startsWith('//') ? url : null;

/**
 * The clickable part of a notification: a link to its action_url when it has one (so it can also
 * be opened in a new tab), else a button. `onActivate` marks it read and closes the list.
 * Either looks like the text it holds (`plain-action`); `className` lays out the row.
 */
export function NotificationLink({
  notification,
  className,
  onActivate,
  children,
}: {
  notification: Notification;
  className: string;
  onActivate: () => void;
  children: React.ReactNode;
}) {
  const { pathname } = usePageLocation();
  const to = inAppPath(notification.action_url);
  const classes = `plain-action ${className}`;
  // A link to the page we are on (e.g. a request pointing at /notifications) only marks it read.
  if (to && to !== pathname) {
    return (
      <AppLink href={to} className={classes} onClick={onActivate} data-notif-item="">
        {children}
      </AppLink>
    );
  }
  return (
    <button type="button" className={classes} onClick={onActivate} data-notif-item="">
      {children}
    </button>
  );
}
