import type { CelestialBody } from '@vaggen/contract';
import type { ReactNode } from 'react';
import {
  astronomicalUnits,
  celsius,
  discoveryDate,
  distanceMillionKm,
  km,
  num,
  orbitalPeriod,
  percent,
  pressure,
  rotation,
  scientific,
  typeLabel,
  yesNo,
} from '../lib/format';

const NO_SURFACE = 'saknas (ingen fast yta)';

function Facts({ title, rows, id }: { title: string; id: string; rows: [string, ReactNode][] }) {
  return (
    <section className="solar-facts" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="solar-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Spec 001 §2: physical, orbital, temperature and atmosphere data, moons, description, fun fact, discovery. */
export function PlanetDetails({ body, asOf }: { body: CelestialBody | null; asOf: string }) {
  if (!body) {
    return (
      <aside className="solar-details solar-details-empty surface" aria-label="Faktaruta" data-testid="planet-details">
        <h2>Välj en himlakropp</h2>
        <p>
          Välj en planet i tabellen <span lang="en">Planets at a Glance</span> eller klicka på den i 3D-vyn, så flyger
          kameran dit och följer den. Du kan också klicka på solen.
        </p>
      </aside>
    );
  }
  const isSun = body.type === 'star';
  const composition = Object.entries(body.atmosphere_composition).sort((a, b) => b[1] - a[1]);
  const found = discoveryDate(body.discovery_date);
  return (
    <aside
      className="solar-details surface"
      aria-labelledby="solar-details-title"
      data-testid="planet-details"
      data-body={body.slug}
      tabIndex={-1}
    >
      <header className="solar-details-header">
        <span className="solar-swatch solar-swatch-large" style={{ background: body.color }} aria-hidden="true" />
        <div>
          <h2 id="solar-details-title">{body.name}</h2>
          <p className="solar-details-type">
            {typeLabel(body.type)}
            {!isSun && ` · nummer ${body.solar_system_position} från solen`}
          </p>
        </div>
      </header>
      <p className="solar-description">{body.description}</p>

      <Facts
        id="solar-physical"
        title="Fysiska data"
        rows={[
          ['Radie', km(body.radius)],
          ['Massa', `${scientific(body.mass)} kg`],
          ['Volym', `${scientific(body.volume)} km³`],
          ['Densitet', `${num(body.density, 0)} kg/m³`],
          ['Tyngdacceleration', `${num(body.surface_gravity, 2)} m/s²`],
          ['Flykthastighet', `${num(body.escape_velocity, 2)} km/s`],
          ['Rotationsperiod', rotation(body.rotation_period)],
          ['Axellutning', `${num(body.axial_tilt, 2)}°`],
          ['Ringsystem', yesNo(body.ring_system)],
          ['Globalt magnetfält', yesNo(body.global_magnetic_field)],
        ]}
      />

      {!isSun && (
        <Facts
          id="solar-orbit"
          title="Omloppsbana"
          rows={[
            [
              'Medelavstånd från solen',
              `${distanceMillionKm(body.distance_from_sun)} (${astronomicalUnits(body.distance_from_sun)})`,
            ],
            ['Omloppstid', orbitalPeriod(body.orbital_period) ?? '–'],
            ['Excentricitet', body.orbital_eccentricity === null ? '–' : num(body.orbital_eccentricity, 4)],
            ['Inklination', body.orbital_inclination === null ? '–' : `${num(body.orbital_inclination, 2)}°`],
          ]}
        />
      )}

      <Facts
        id="solar-temperature"
        title="Temperatur"
        rows={[
          [isSun ? 'Medel (ytan, fotosfären)' : 'Medel', celsius(body.mean_temperature)],
          ['Dag', celsius(body.surface_temperature_day) ?? NO_SURFACE],
          ['Natt', celsius(body.surface_temperature_night) ?? NO_SURFACE],
        ]}
      />

      <section className="solar-facts" aria-labelledby="solar-atmosphere">
        <h3 id="solar-atmosphere">Atmosfär</h3>
        {body.has_atmosphere ? (
          <>
            <dl>
              <div className="solar-fact">
                <dt>Tryck vid ytan</dt>
                <dd>{pressure(body.atmospheric_pressure) ?? NO_SURFACE}</dd>
              </div>
            </dl>
            <table className="solar-gases" data-testid="atmosphere">
              <caption className="visually-hidden">Atmosfärens sammansättning</caption>
              <thead>
                <tr>
                  <th scope="col">Gas</th>
                  <th scope="col">Andel</th>
                </tr>
              </thead>
              <tbody>
                {composition.map(([gas, share]) => (
                  <tr key={gas}>
                    <th scope="row">{gas}</th>
                    <td>
                      <span className="solar-gas-bar" style={{ width: `${Math.max(1, Math.min(100, share))}%` }} />
                      {percent(share)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p>Ingen atmosfär att tala om – bara en extremt tunn exosfär.</p>
        )}
      </section>

      <section className="solar-facts" aria-labelledby="solar-moons">
        <h3 id="solar-moons">Månar</h3>
        <p>
          {body.moon_count === 0
            ? 'Inga kända månar.'
            : `${num(body.moon_count, 0)} ${body.moon_count === 1 ? 'känd måne' : 'kända månar'} (enligt NASA per ${asOf}).`}
          {body.moon_count > body.moons.length && body.moons.length > 0 && ' De största:'}
        </p>
        {body.moons.length > 0 && (
          <ul className="solar-moons" data-testid="moon-list">
            {body.moons.map((m) => (
              <li key={m.id}>
                <strong>{m.name}</strong>
                <span className="solar-sub">
                  {' '}
                  radie {km(m.radius)} · avstånd {km(m.distance_from_planet)} · omloppstid {num(m.orbital_period, 2)}{' '}
                  dygn{m.retrograde ? ', baklänges' : ''}
                </span>
                <p>{m.description}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="solar-facts solar-funfact" aria-labelledby="solar-funfact">
        <h3 id="solar-funfact">Visste du att…</h3>
        <p>{body.fun_fact}</p>
      </section>

      <section className="solar-facts" aria-labelledby="solar-discovery">
        <h3 id="solar-discovery">Upptäckt</h3>
        <p>
          {found && (
            <>
              <time dateTime={body.discovery_date ?? undefined}>{found}</time>
              {' – '}
            </>
          )}
          {body.discovery_by}
        </p>
      </section>
    </aside>
  );
}
