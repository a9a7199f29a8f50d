import { REJECT_REASON_MAX, ROLE_REQUESTS_MSG } from '@vaggen/contract';
import { ReasonDialog, type ReasonDialogState } from '../../../components/ReasonDialog';

/**
 * Spec 000 §2 / 001 §2 reject dialog: "Ange anledning till avslag", a reason textarea, Avbryt and
 * "Avslå förfrågan" ("Skickar..." while pending). An empty reason sends `defaultReason`.
 */
export function RejectDialog({ defaultReason, ...props }: ReasonDialogState & { defaultReason: string }) {
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
