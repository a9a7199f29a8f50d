import type { MailStatus } from '@vaggen/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { mailApi } from '../api';

/**
 * Issue 21: the newsroom's way to the e-mail page (admins), with the warning when no mail leaves
 * (no SMTP_URL: mails are only written to the server log).
 */
export function MailNav() {
  const [status, setStatus] = useState<MailStatus | null>(null);
  useEffect(() => {
    mailApi
      .status()
      .then(setStatus)
      .catch(() => setStatus(null));
  }, []);
  return (
    <>
      <nav className="subnav" aria-label="E-post">
        <Link to="/admin/mail">E-post</Link>
      </nav>
      {status && !status.configured && (
        <p className="form-info newsroom-mail-warning" role="status">
          {status.msg}
        </p>
      )}
    </>
  );
}
