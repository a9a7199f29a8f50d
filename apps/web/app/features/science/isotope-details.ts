import { formatDecimalSv, formatHalfLife, formatNumberSv, halfLifeEveryday, type Isotope } from '@vaggen/contract';

// What the isotope page (spec 001 §2) writes about an isotope, apart from its markup.

const QUALIFIER: Record<string, string> = { '>': 'mer än ', '<': 'mindre än ', '~': 'ungefär ', '#': 'uppskattat ' };

/** Half-life in spec 001 §9 units, with limits and estimates said in words. */
export function halfLifeText(i: Isotope): string {
  if (i.stable) return 'Stabil';
  if (i.half_life_seconds === null) return 'Okänd';
  return `${i.half_life_qualifier ? QUALIFIER[i.half_life_qualifier] : ''}${formatHalfLife(i.half_life_seconds)}`;
}

/** A share in percent, up to six decimals: "91,754 %". */
export const percentText = (x: number) => `${formatDecimalSv(x, 6)} %`;

function decayList(i: Isotope): string {
  if (i.decay_modes.length === 0) return i.stable ? '–' : 'Okänt';
  return i.decay_modes
    .map((m) => {
      if (m.relation === '?' || m.intensity === null) return `${m.label} (andel okänd)`;
      const rel = m.relation === '=' ? '' : m.relation === '~' ? '≈ ' : `${m.relation} `;
      return `${m.label} ${rel}${percentText(m.intensity)}`;
    })
    .join(', ');
}

/** The rows of an isotope's details: label and text, in the order the page lists them. */
export function isotopeDetailRows(isotope: Isotope): [string, string][] {
  const everyday = halfLifeEveryday(isotope.half_life_seconds);
  const rows: [string, string][] = [
    ['Masstal (A)', String(isotope.mass_number)],
    ['Protoner (Z)', String(isotope.atomic_number)],
    ['Neutroner (N)', String(isotope.neutron_count)],
    ['Stabil', isotope.stable ? 'Ja' : 'Nej'],
    [
      'Naturlig förekomst',
      isotope.abundance === null
        ? 'Förekommer inte naturligt'
        : `${percentText(isotope.abundance)}${isotope.abundance_uncertainty ? ` ± ${percentText(isotope.abundance_uncertainty)}` : ''}`,
    ],
    ['Halveringstid', `${halfLifeText(isotope)}${everyday ? ` (${everyday})` : ''}`],
    ['Sönderfall', decayList(isotope)],
  ];
  if (isotope.half_life) rows.push(['Halveringstid i NUBASE2020', isotope.half_life]);
  if (isotope.half_life_uncertainty_seconds)
    rows.push(['Osäkerhet i halveringstid', `± ${formatHalfLife(isotope.half_life_uncertainty_seconds)}`]);
  if (isotope.isomer)
    rows.push(['Isomer', `Exciterat tillstånd, ${formatNumberSv(isotope.excitation_energy_kev ?? 0)} keV`]);
  if (isotope.spin_parity) rows.push(['Spinn och paritet', isotope.spin_parity.replace(/\*/g, '')]);
  if (isotope.discovery_year) rows.push(['Upptäckt', String(isotope.discovery_year)]);
  return rows;
}
