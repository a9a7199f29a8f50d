import { DSA_TRANSPARENCY_PATH, type TransparencyReport } from '@vaggen/contract';

/** Issue 43: the DSA transparency report for a period, as a table per part (works without JavaScript). */
export function TransparencyReportView({ report }: { report: TransparencyReport }) {
  const { notices, statements, appeals } = report;
  return (
    <div className="transparency">
      <form className="transparency-period" method="get" action={DSA_TRANSPARENCY_PATH}>
        <label>
          Från <input className="control" type="date" name="from" defaultValue={report.from} />
        </label>
        <label>
          Till <input className="control" type="date" name="to" defaultValue={report.to} />
        </label>
        <button type="submit" className="button">
          Visa period
        </button>
      </form>
      <h2>Anmälningar om olagligt innehåll</h2>
      <table className="transparency-table">
        <caption>
          {notices.total} {notices.total === 1 ? 'anmälan' : 'anmälningar'} {report.from} – {report.to}
        </caption>
        <thead>
          <tr>
            <th scope="col">Slag</th>
            <th scope="col">Antal</th>
          </tr>
        </thead>
        <tbody>
          {notices.by_kind.map((k) => (
            <tr key={k.kind}>
              <th scope="row">{k.label}</th>
              <td>{k.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="transparency-facts">
        <dt>Innehåll borttaget efter anmälan</dt>
        <dd>{notices.removed}</dd>
        <dt>Ingen åtgärd</dt>
        <dd>{notices.no_action}</dd>
        <dt>Ännu inte prövade</dt>
        <dd>{notices.open}</dd>
        <dt>Mediantid till beslut</dt>
        <dd>{notices.median_hours_to_decide === null ? '–' : `${notices.median_hours_to_decide} timmar`}</dd>
        <dt>Motiveringar till kommentatorer</dt>
        <dd>{statements.total}</dd>
        <dt>Varav automatiska beslut (dolda efter läsares anmälningar)</dt>
        <dd>{statements.automated}</dd>
        <dt>Överklaganden</dt>
        <dd>{appeals.total}</dd>
        <dt>Beslutet stod fast</dt>
        <dd>{appeals.upheld}</dd>
        <dt>Beslutet ändrades</dt>
        <dd>{appeals.reversed}</dd>
        <dt>Överklaganden som väntar</dt>
        <dd>{appeals.open}</dd>
      </dl>
      <p className="field-hint">
        Automatisk granskning: nya kommentarer kontrolleras mot ordlistor och antal länkar och kan hållas för granskning
        av en moderator. Inget innehåll tas bort enbart av ett automatiskt system; en kommentar som många läsare anmäler
        döljs tills en moderator har prövat den.
      </p>
    </div>
  );
}
