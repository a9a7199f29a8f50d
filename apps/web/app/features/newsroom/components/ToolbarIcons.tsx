/** Small line icons for the editor toolbar (drawn here; no emoji fonts needed). */
function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      className="rte-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const BulletListIcon = () => (
  <Icon>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <circle cx="4.5" cy="6" r="1" fill="currentColor" />
    <circle cx="4.5" cy="12" r="1" fill="currentColor" />
    <circle cx="4.5" cy="18" r="1" fill="currentColor" />
  </Icon>
);

export const OrderedListIcon = () => (
  <Icon>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <path d="M4 4.5 5.5 4v5M4 9h3" strokeWidth="1.5" />
    <path d="M4 14.5c.4-.6 1-.9 1.6-.8.7.1 1.1.6 1 1.2-.1.5-.6.9-2.6 2.6H7" strokeWidth="1.5" />
  </Icon>
);

export const QuoteIcon = () => (
  <Icon>
    <path d="M4 18v-4.5C4 9.5 5.8 7 9 6M13 18v-4.5C13 9.5 14.8 7 18 6" />
    <path d="M4 13.5h4.5V18H4zM13 13.5h4.5V18H13z" fill="currentColor" stroke="none" />
  </Icon>
);

export const LinkIcon = () => (
  <Icon>
    <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1.2 1.2" />
    <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
  </Icon>
);

export const ImageIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="8.5" cy="9.5" r="1.5" />
    <path d="m21 16-5-5-9 9" />
  </Icon>
);

export const UndoIcon = () => (
  <Icon>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
);

export const RedoIcon = () => (
  <Icon>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </Icon>
);
