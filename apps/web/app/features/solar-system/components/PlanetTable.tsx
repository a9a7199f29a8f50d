import { type CelestialBody, SOLAR_SYSTEM_TABLE_TITLE } from '@vaggen/contract';
import type { KeyboardEvent } from 'react';
import { astronomicalUnits, distanceMillionKm, num, typeLabel } from '../lib/format';

/**
 * Spec 001 §2 "Planets at a Glance": name, type, distance, radius, moons, sorted by solar
 * position. A row click selects; each name is a button, and the arrow keys move between them.
 */
export function PlanetTable({
  bodies,
  selectedId,
  onSelect,
  asOf,
}: {
  bodies: CelestialBody[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  asOf: string;
}) {
  const rows = bodies
    .filter((b) => b.type !== 'star')
    .sort((a, b) => a.solar_system_position - b.solar_system_position);

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('button.solar-row-button'));
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    let next = -1;
    if (e.key === 'ArrowDown') next = Math.min(buttons.length - 1, index + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, index - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = buttons.length - 1;
    if (next >= 0) {
      e.preventDefault();
      buttons[next].focus();
    }
  };

  return (
    <section className="solar-table-section" aria-labelledby="solar-table-title">
      <h2 id="solar-table-title">{SOLAR_SYSTEM_TABLE_TITLE}</h2>
      <div className="solar-table-scroll">
        <table className="solar-table" data-testid="planet-table">
          <caption className="visually-hidden">
            Planeter och dvärgplaneter i ordning från solen. Välj en rad för att visa detaljer; piltangenterna flyttar
            mellan raderna.
          </caption>
          <thead>
            <tr>
              <th scope="col">Namn</th>
              <th scope="col">Typ</th>
              <th scope="col">Avstånd från solen</th>
              <th scope="col">Radie</th>
              <th scope="col">Månar</th>
            </tr>
          </thead>
          <tbody onKeyDown={onKeyDown}>
            {rows.map((b) => {
              const selected = b.id === selectedId;
              return (
                <tr
                  key={b.id}
                  className={selected ? 'selected' : undefined}
                  aria-selected={selected}
                  data-body={b.slug}
                  onClick={() => onSelect(b.id)}
                >
                  <th scope="row">
                    <button type="button" className="solar-row-button" aria-pressed={selected}>
                      <span className="solar-swatch" style={{ background: b.color }} aria-hidden="true" />
                      {b.name}
                    </button>
                  </th>
                  <td>{typeLabel(b.type)}</td>
                  <td>
                    {distanceMillionKm(b.distance_from_sun)}
                    <span className="solar-sub"> ({astronomicalUnits(b.distance_from_sun)})</span>
                  </td>
                  <td>{num(Math.round(b.radius), 0)} km</td>
                  <td>{num(b.moon_count, 0)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="solar-note">
        Antal kända månar enligt NASA per {asOf}. Radie = ekvatorsradie. AE = astronomisk enhet (jordens medelavstånd
        till solen).
      </p>
    </section>
  );
}
