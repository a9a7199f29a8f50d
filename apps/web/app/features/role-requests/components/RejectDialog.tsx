import { REJECT_REASON_MAX, ROLE_REQUESTS_MSG } from '@vaggen/contract';
import { ReasonDialog } from '../../../components/ReasonDialog';

/**
 * Spec 000 §2 / 001 §2 reject dialog: "Ange anledning till avslag", a reason textarea, Avbryt and
 * "Avslå förfrågan" ("Skickar..." while pending). An empty reason sends `defaultReason`.
 */
export function RejectDialog({
  defaultReason,
  ...props
}: {
  open: boolean;
  /** Whose request, shown under the title. */
  subject?: string;
  defaultReason: string;
  pending: boolean;
  error?: string | null;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  return (
    <ReasonDialog
      {...props}
      className="reject-dialog"
      title={ROLE_REQUESTS_MSG.rejectDialogTitle}
      maxLength={REJECT_REASON_MAX}
      placeholder={defaultReason}
      emptyReason={defaultReason}
      submitLabel={ROLE_REQUESTS_MSG.rejectSubmit}
      pendingLabel={ROLE_REQUESTS_MSG.rejectSending}
      cancelLabel={ROLE_REQUESTS_MSG.rejectCancel}
    />
  );
}
