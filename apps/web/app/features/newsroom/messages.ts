/**
 * Our own Swedish interface texts for the dashboard and editor (the spec's texts are in the
 * contract's `MSG`).
 */
export const NEWSROOM_MSG = {
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
