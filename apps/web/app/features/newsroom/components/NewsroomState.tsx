import { Link } from 'react-router';
import { DataState } from '../../../components/DataState';
import { NEWSROOM_MSG } from '../messages';

/** A newsroom page that cannot show its article: the reason, and the way back to the newsroom. */
export function NewsroomState({ msg }: { msg: string }) {
  return (
    <div role="alert" className="newsroom-state">
      <p className="form-error">{msg}</p>
      <p>
        <Link to="/admin">Tillbaka till redaktionen</Link>
      </p>
    </div>
  );
}

/** The editor's and the preview's article on its way ("Laddar artikel..."), or why it cannot be shown. */
export function ArticleLoadState({ load }: { load: { status: 'loading' } | { status: 'error'; msg: string } }) {
  return (
    <DataState
      status={load.status}
      loading={NEWSROOM_MSG.articleLoading}
      error={load.status === 'error' && <NewsroomState msg={load.msg} />}
    >
      {null}
    </DataState>
  );
}
