import { ReasonDialog, type ReasonDialogState } from '../../../components/ReasonDialog';

/**
 * "Avvisa" in the queue (issue 16): asks for the reason, for one comment or a selection, with the
 * site's quick choices. The reason is required and kept in the audit log; Escape or Avbryt
 * cancels and the focus returns to the button (or the item, for the r shortcut) that opened it.
 */
export function RejectCommentsDialog({
  count,
  reasonMax,
  ...props
}: ReasonDialogState & {
  /** How many comments the rejection is for (one: `subject` says whose). */
  count: number;
  reasonMax: number;
  /** Quick choices that fill the reason. */
  presets: readonly string[];
}) {
  return (
    <ReasonDialog
      {...props}
      className="mod-reject-dialog"
      title={count === 1 ? 'Avvisa kommentaren' : `Avvisa ${count} kommentarer`}
      maxLength={reasonMax}
      rows={3}
      requiredMsg="Ange en anledning till att kommentaren avvisas."
      submitLabel={count === 1 ? 'Avvisa' : `Avvisa ${count}`}
      pendingLabel="Avvisar..."
    />
  );
}
