import { MODERATION_MSG, REPORT_NOTE_MAX } from '@vaggen/contract';
import { commentsApi } from '../api';
import { REPORT_REASON_OPTIONS } from '../report-texts';
import { ReportDialog } from './ReportDialog';

const TEXTS = {
  sent: MODERATION_MSG.reportSent,
  failed: 'Det gick inte att skicka anmälan. Försök igen.',
  pickReason: `${MODERATION_MSG.reportReason}.`,
};

/**
 * "Anmäl" for one comment of a thread (issue 16): the report dialog with the reasons, sending to
 * the server. `onReported` runs once the server has taken the report (the thread then marks the
 * comment as reported by this reader).
 */
export function ReportCommentDialog({
  comment,
  onReported,
  onClose,
  idBase,
}: {
  comment: { id: number; name: string } | null;
  onReported: (commentId: number) => void;
  onClose: () => void;
  idBase?: string;
}) {
  return (
    <ReportDialog
      open={comment !== null}
      authorName={comment?.name ?? ''}
      reasons={REPORT_REASON_OPTIONS}
      noteMax={REPORT_NOTE_MAX}
      texts={TEXTS}
      onSend={async (reason, note) => {
        if (!comment) return;
        await commentsApi.report(comment.id, { reason, note: note || null });
        onReported(comment.id);
      }}
      onClose={onClose}
      idBase={idBase}
    />
  );
}
