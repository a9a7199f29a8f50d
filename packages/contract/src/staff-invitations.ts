/**
 * Issue 41: admins invite staff by e-mail with a preset role (writer or admin). The mail carries a
 * one-time link to /bli-medarbetare; whoever opens it logged in (with a new or existing account)
 * gets the role. Browser-safe; schemas in staff-invitations-schemas.ts.
 */

export const STAFF_INVITATION_ROLES = ['writer', 'admin'] as const;
export type StaffInvitationRole = (typeof STAFF_INVITATION_ROLES)[number];
/** How long an invitation's link works. */
export const STAFF_INVITATION_DAYS = 14;
/** Open invitations listed (newest first). */
export const STAFF_INVITATIONS_LIST_MAX = 100;
/** Invitations an admin may send a day (a mail each). */
export const STAFF_INVITATIONS_PER_DAY = 50;
export const STAFF_INVITATION_PATH = '/bli-medarbetare';

export const STAFF_INVITATION_ROLE_LABEL: Record<StaffInvitationRole, string> = {
  writer: 'skribent',
  admin: 'redaktör (administratör)',
};

export const STAFF_TEXT = {
  heading: 'Bjud in medarbetare',
  intro: 'Inbjudan skickas med e-post. Den som öppnar länken och loggar in (eller skapar ett konto) får rollen.',
  emailLabel: 'E-postadress',
  roleLabel: 'Roll',
  send: 'Skicka inbjudan',
  sent: (email: string) => `Inbjudan är skickad till ${email}.`,
  pendingHeading: 'Väntande inbjudningar',
  none: 'Inga väntande inbjudningar.',
  revoke: 'Dra tillbaka',
  revoked: 'Inbjudan är tillbakadragen.',
  badEmail: 'Ange en giltig e-postadress',
  alreadyPending: 'Det finns redan en väntande inbjudan till den adressen',
  tooMany: `Högst ${STAFF_INVITATIONS_PER_DAY} inbjudningar per dygn`,
  notFound: 'Inbjudan finns inte, har gått ut eller är redan använd',
  acceptHeading: 'Inbjudan till redaktionen',
  acceptIntro: (role: string, by: string) => `${by} har bjudit in dig som ${role} på Väggen.`,
  acceptLogin: 'Logga in eller skapa ett konto först, så kommer du tillbaka hit.',
  accept: 'Tacka ja',
  accepted: (role: string) => `Välkommen! Du är nu ${role}.`,
  mailSubject: 'Du är inbjuden till Väggens redaktion',
} as const;
