import { Link } from 'react-router';

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
