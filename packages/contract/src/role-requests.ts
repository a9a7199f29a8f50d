/** Requests for writer or admin rights (spec 000 §4/§7, spec 001 §4). Browser-safe. */

// RoleRequest is derived from its zod schema in role-requests-schemas.ts and exported from the index as a type.

/** What a role request asks for (spec 000 §4). */
export const REQUEST_KINDS = ['writer', 'admin'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_MESSAGE_MAX = 2000;
export const REJECT_REASON_MAX = 1000;

export const ROLE_REQUESTS_MSG = {
  requestMotivation: 'Vänligen ange en motivering till din förfrågan',
  requestFailed: 'Ett fel uppstod vid skickandet av din förfrågan. Försök igen senare.',
  rejectDialogTitle: 'Ange anledning till avslag',
  rejectCancel: 'Avbryt',
  rejectSubmit: 'Avslå förfrågan',
  rejectSending: 'Skickar...',
  rejectDefaultAdminPanel: 'Request rejected by administrator',
  rejectDefaultNotifications: 'Request rejected',
  becomeWriter: 'Bli skribent',
  becomeAdmin: 'Administratörsrättigheter',
  sendNewRequest: 'Skicka ny förfrågan',
  // server-side rules of our own
  requestPending: 'Du har redan en förfrågan som väntar på svar',
  writerCannotRequestWriter: 'Du är redan skribent',
  adminCannotRequest: 'Du är redan administratör',
  requestNotFound: 'Förfrågan finns inte',
  requestHandled: 'Förfrågan är redan behandlad',
  requestTooLong: `Motiveringen får vara högst ${REQUEST_MESSAGE_MAX} tecken`,
  reasonTooLong: `Anledningen får vara högst ${REJECT_REASON_MAX} tecken`,
} as const;
