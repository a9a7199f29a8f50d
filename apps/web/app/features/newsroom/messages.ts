/**
 * Spec 000 §8 texts of the newsroom that are not (yet) in the contract's `MSG`, copied exactly,
 * plus our own Swedish interface texts for the dashboard and editor.
 */
export const NEWSROOM_MSG = {
  // spec 000 §8 (exact)
  createFailed: 'Failed to create article',
  updateFailed: 'Failed to update article',
  uploadFailedInline: 'Failed to upload image',
  uploadFailed: (status: number, text: string) => `Failed to upload image: ${status} ${text}`.trimEnd(),
  // our own texts
  created: 'Artikeln har publicerats.',
  updated: 'Artikeln har uppdaterats.',
  deleted: 'Artikeln har tagits bort.',
  uploaded: 'Bilden har laddats upp.',
  listLoading: 'Laddar artiklar...',
  listEmptyWriter: 'Du har inte skrivit några artiklar ännu.',
  listEmptyAdmin: 'Det finns inga artiklar ännu.',
  writerNote: 'Du hanterar dina egna artiklar. Du kan redigera och ta bort artiklar som du har skrivit.',
  adminNote: 'Som administratör ser och hanterar du alla artiklar.',
  articleLoading: 'Laddar artikeln...',
} as const;
