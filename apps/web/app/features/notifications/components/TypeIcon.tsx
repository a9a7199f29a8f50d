import type { NotificationType } from '@vaggen/contract';

type Kind = 'comment' | 'request' | 'approved' | 'rejected' | 'other';

const KIND: Record<NotificationType, Kind> = {
  new_comment: 'comment',
  admin_request: 'request',
  writer_request: 'request',
  admin_approved: 'approved',
  writer_approved: 'approved',
  admin_rejected: 'rejected',
  writer_rejected: 'rejected',
  other: 'other',
  article_published: 'approved',
  article_reviewed: 'other',
  review_requested: 'request',
};

/** What each type is, for screen readers (the icon itself is decorative). */
export const TYPE_LABEL: Record<NotificationType, string> = {
  new_comment: 'Ny kommentar',
  admin_request: 'Förfrågan om administratörsrättigheter',
  writer_request: 'Förfrågan om att bli skribent',
  admin_approved: 'Förfrågan godkänd',
  writer_approved: 'Förfrågan godkänd',
  admin_rejected: 'Förfrågan avslagen',
  writer_rejected: 'Förfrågan avslagen',
  other: 'Notifikation',
  article_published: 'Artikel publicerad',
  article_reviewed: 'Artikel granskad',
  review_requested: 'Artikel att granska',
};

/** A mark inside the round outline the approved, rejected and other icons share. */
const inCircle = (mark: string) => (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d={mark} />
  </>
);

const PATHS: Record<Kind, React.ReactNode> = {
  comment: <path d="M4 5h16v10H9l-5 4z" />,
  request: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.6 3.3-5.5 6.5-5.5s5.7 1.9 6.5 5.5M18 8v6M15 11h6" />
    </>
  ),
  approved: inCircle('m8 12.5 2.8 2.8L16.5 9'),
  rejected: inCircle('m9 9 6 6M15 9l-6 6'),
  other: inCircle('M12 11v6M12 7.5v.5'),
};

/** The line icons' one drawing style: a 24-unit box stroked in the text colour, decorative. */
function LineIcon({ size, children }: { size: number; children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** Spec 000 §2 / 001 §2: each notification shows an icon for its type. */
export function TypeIcon({ type }: { type: NotificationType }) {
  const kind = KIND[type] ?? 'other';
  return (
    <span className={`notif-icon notif-icon-${kind}`} aria-hidden="true">
      <LineIcon size={18}>{PATHS[kind]}</LineIcon>
    </span>
  );
}

export function BellIcon() {
  return (
    <LineIcon size={22}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </LineIcon>
  );
}

/** The unread mark of a notification in a list. */
export function UnreadDot() {
  return (
    <span className="notif-dot">
      <span className="visually-hidden">Oläst</span>
    </span>
  );
}
