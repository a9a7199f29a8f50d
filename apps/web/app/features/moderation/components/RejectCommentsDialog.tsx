import { ReasonDialog } from '../../../components/ReasonDialog';

/**
 * "Avvisa" in the queue (issue 16): asks for the reason, for one comment or a selection, with the
 * site's quick choices. The reason is required and kept in the audit log; Escape or Avbryt
 * cancels and the focus returns to the button (or the item, for the r shortcut) that opened it.
 */
export function RejectCommentsDialog({
  count,
  reasonMax,
  ...props
}: {
  open: boolean;
  /** How many comments the rejection is for. */
  count: number;
  /** One comment: whose, shown under the title. */
  subject?: string;
  reasonMax: number;
  /** Quick choices that fill the reason. */
  presets: readonly string[];
  pending: boolean;
  error?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
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
