import type { MailStatus } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { mailApi } from '../api';

/**
 * Issue 21: the warning on the newsroom's dashboard (admins) when no mail leaves (no SMTP_URL:
 * mails are only written to the server log). The way to the e-mail page is the newsroom shell's.
 */
export function MailWarning() {
  const [status, setStatus] = useState<MailStatus | null>(null);
  useEffect(() => {
    mailApi
      .status()
      .then(setStatus)
      .catch(() => setStatus(null));
  }, []);
  if (!status || status.configured) return null;
  return (
    <p className="form-info newsroom-mail-warning" role="status">
      {status.msg}
    </p>
  );
}
