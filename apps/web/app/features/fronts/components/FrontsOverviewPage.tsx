import { FRONT_TEXT, type FrontOverview, formatShortDateTime } from '@vaggen/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { DataState } from '../../../components/DataState';
import { frontsApi } from '../api';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: FrontOverview[] };

/** `/admin/forstasidan` (issue 41, admin): the home front and every category's, each to its board. */
export function FrontsOverviewPage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const fetchList = useCallback(() => {
    setLoad({ status: 'loading' });
    frontsApi
      .overview()
      .then((list) => setLoad({ status: 'ready', list }))
      .catch(() => setLoad({ status: 'error' }));
  }, []);
  useEffect(fetchList, [fetchList]);

  return (
    <div className="fronts-overview">
      <Breadcrumbs current={FRONT_TEXT.heading} />
      <h1 className="page-title">{FRONT_TEXT.heading}</h1>
      <p className="muted">
        Välj vilka artiklar som ligger överst på startsidan och på varje kategorisida, och i vilken ordning.
      </p>
      <DataState
        status={load.status}
        loading="Laddar förstasidorna..."
        error="Förstasidorna kunde inte hämtas."
        onRetry={fetchList}
        inline
      >
        {() =>
          load.status === 'ready' && (
            <ul className="fronts-list">
              {load.list.map((f) => (
                <li key={f.front} className="surface">
                  <Link to={`/admin/forstasidan/${encodeURIComponent(f.front)}`} className="fronts-list-link">
                    {f.label}
                  </Link>
                  <span className="muted">
                    {f.pinned === 0 ? 'Inga fästa artiklar' : `${f.pinned} fästa`}
                    {f.scheduled > 0 && ` · ${f.scheduled} schemalagda ändringar`}
                    {f.updated_at && ` · ändrad ${formatShortDateTime(f.updated_at)}`}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </DataState>
    </div>
  );
}
