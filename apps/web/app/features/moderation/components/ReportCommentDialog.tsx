import { moderationApi, REPORT_NOTE_MAX, REPORT_REASON_OPTIONS, REPORT_TEXTS } from '../api';
import { ReportDialog } from './ReportDialog';

/**
 * "Anmäl" for one comment of a thread (issue 16): the report dialog with the reasons, sending to
 * the server. `onReported` runs once the server has taken the report (the thread then marks the
 * comment as reported by this reader).
 */
export function ReportCommentDialog({
  comment,
  onReported,
  onClose,
}: {
  comment: { id: number; name: string } | null;
  onReported: (commentId: number) => void;
  onClose: () => void;
}) {
  return (
    <ReportDialog
      open={comment !== null}
      authorName={comment?.name ?? ''}
      reasons={REPORT_REASON_OPTIONS}
      noteMax={REPORT_NOTE_MAX}
      texts={REPORT_TEXTS}
      onSend={async (reason, note) => {
        if (!comment) return;
        await moderationApi.report(comment.id, reason, note);
        onReported(comment.id);
      }}
      onClose={onClose}
    />
  );
}
