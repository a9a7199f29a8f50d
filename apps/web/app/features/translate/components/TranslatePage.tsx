import { TRANSLATE_MSG } from '@vaggen/contract';
import { Link } from 'react-router';
import { SessionLoading } from '../../../components/RequireRole';
import { useSession } from '../../../lib/session';
import { TranslateTool } from './TranslateTool';

/**
 * /translate (spec 001 §2): for logged-in users. A visitor is not redirected: the page says that
 * the tool needs a login and links to it. The server renders "Loading..." (the session is read
 * in the browser).
 */
export function TranslatePage() {
  const { status, user } = useSession();
  return (
    <div className="tr-page">
      <header className="tr-header">
        <h1>Översätt PDF till Word</h1>
        <p className="tr-lead">
          Läs text ur en PDF-fil, översätt den med en språkmodell och ladda ner översättningen som Word-dokument.
        </p>
      </header>
      {status === 'loading' ? (
        <SessionLoading />
      ) : user ? (
        <TranslateTool key={user.id} userId={user.id} />
      ) : (
        <div className="tr-login surface">
          <p className="tr-login-text">{TRANSLATE_MSG.loginRequired}</p>
          <Link className="button" to="/login?redirectTo=%2Ftranslate">
            Logga in
          </Link>
        </div>
      )}
    </div>
  );
}
