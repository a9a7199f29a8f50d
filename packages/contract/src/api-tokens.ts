/** Personal API tokens for `POST /api/articles/external` (spec 000 §6). Browser-safe. */
export const API_TOKENS_MSG = {
  // spec 001 §5
  tokenFetchFailed: 'Failed to fetch API token',
  tokenGenerateFailed: 'Failed to generate new API token',
  copyFailed: 'Failed to copy',
  copied: 'Kopierad!',
  tokenConfirm: 'Detta ersätter din befintliga token.',
  // server-side rules of our own
  invalidApiKey: 'Ogiltig API-nyckel',
} as const;
