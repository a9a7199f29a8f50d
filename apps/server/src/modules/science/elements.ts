import {
  type Element,
  type ElementBlock,
  type ElementCategory,
  type ElementState,
  electronShells,
} from '@vaggen/contract';

/**
 * The 118 elements. Sources and every deliberate difference from PubChem: docs/science-data.md.
 *
 * - name: Swedish (Svenska Akademiens ordlista / Svenska kemisamfundets nomenklatur); name_en: IUPAC spelling.
 * - atomic_weight: IUPAC/CIAAW standard atomic weights (2021), the conventional value where IUPAC gives an
 *   interval (H, Li, B, C, N, O, Mg, Si, S, Cl, Ar, Br, Tl, Pb). Elements without a standard atomic weight
 *   (`mass(n)`) carry the mass number of their longest-lived isotope in NUBASE2020.
 * - electron_configuration: ground states (NIST); predicted for Z ≥ 104.
 * - electronegativity (Pauling), melting/boiling point (K), density (g/cm³, gases at 0 °C and 1 atm),
 *   state and discovery year: reviewed against PubChem's periodic table (public domain).
 * - block, period and group are computed from the atomic number (La–Lu and Ac–Lr form the f-block rows).
 */

const ANTIQUITY = 'antiquity' as const;
const MASS_NUMBER = Symbol('mass number');
type Weight = number | { [MASS_NUMBER]: number };
const mass = (n: number): Weight => ({ [MASS_NUMBER]: n });

const PERIOD_STARTS = [1, 3, 11, 19, 37, 55, 87, 119];

/** Period and group from the atomic number (18-column table; La–Lu and Ac–Lr have no group). */
export function periodAndGroup(z: number): { period: number; group: number | null } {
  const period = PERIOD_STARTS.findIndex((start, i) => z >= start && z < (PERIOD_STARTS[i + 1] ?? 999)) + 1;
  const pos = z - (PERIOD_STARTS[period - 1] ?? 1) + 1;
  if (period === 1) return { period, group: z === 1 ? 1 : 18 };
  if (period <= 3) return { period, group: pos <= 2 ? pos : pos + 10 };
  if (period <= 5) return { period, group: pos };
  if (pos <= 2) return { period, group: pos };
  if (pos <= 17) return { period, group: null };
  return { period, group: pos - 14 };
}

export function blockOf(group: number | null, z: number): ElementBlock {
  if (group === null) return 'f';
  if (z === 2 || group <= 2) return 's';
  if (group >= 13) return 'p';
  return 'd';
}

function e(
  atomic_number: number,
  symbol: string,
  name: string,
  name_en: string,
  weight: Weight,
  category: ElementCategory,
  electron_configuration: string,
  state_at_room_temp: ElementState,
  electronegativity: number | null,
  melting_point: number | null,
  boiling_point: number | null,
  density: number | null,
  discovered: number | typeof ANTIQUITY | null,
): Element {
  const { period, group } = periodAndGroup(atomic_number);
  const isMass = typeof weight === 'object';
  return {
    atomic_number,
    symbol,
    name,
    name_en,
    atomic_weight: isMass ? weight[MASS_NUMBER] : weight,
    atomic_weight_is_mass_number: isMass,
    category,
    block: blockOf(group, atomic_number),
    period,
    group,
    electron_configuration,
    electron_shells: electronShells(electron_configuration),
    state_at_room_temp,
    electronegativity,
    melting_point,
    boiling_point,
    density,
    year_discovered: discovered === ANTIQUITY ? null : discovered,
    discovered_in_antiquity: discovered === ANTIQUITY,
  };
}

// biome-ignore format: one element per line
export const ELEMENTS: readonly Element[] = [
  e(1, 'H', 'Väte', 'Hydrogen', 1.008, 'nonmetal', '1s1', 'gas', 2.2, 13.81, 20.28, 8.988e-05, 1766),
  e(2, 'He', 'Helium', 'Helium', 4.002602, 'noble-gas', '1s2', 'gas', null, null, 4.22, 0.0001785, 1868),
  e(3, 'Li', 'Litium', 'Lithium', 6.94, 'alkali-metal', '[He] 2s1', 'solid', 0.98, 453.65, 1615, 0.534, 1817),
  e(4, 'Be', 'Beryllium', 'Beryllium', 9.0121831, 'alkaline-earth-metal', '[He] 2s2', 'solid', 1.57, 1560, 2744, 1.85, 1798),
  e(5, 'B', 'Bor', 'Boron', 10.81, 'metalloid', '[He] 2s2 2p1', 'solid', 2.04, 2348, 4273, 2.37, 1808),
  e(6, 'C', 'Kol', 'Carbon', 12.011, 'nonmetal', '[He] 2s2 2p2', 'solid', 2.55, 3823, 4098, 2.267, ANTIQUITY),
  e(7, 'N', 'Kväve', 'Nitrogen', 14.007, 'nonmetal', '[He] 2s2 2p3', 'gas', 3.04, 63.15, 77.36, 0.0012506, 1772),
  e(8, 'O', 'Syre', 'Oxygen', 15.999, 'nonmetal', '[He] 2s2 2p4', 'gas', 3.44, 54.36, 90.2, 0.001429, 1774),
  e(9, 'F', 'Fluor', 'Fluorine', 18.998403162, 'halogen', '[He] 2s2 2p5', 'gas', 3.98, 53.53, 85.03, 0.001696, 1886),
  e(10, 'Ne', 'Neon', 'Neon', 20.1797, 'noble-gas', '[He] 2s2 2p6', 'gas', null, 24.56, 27.07, 0.0008999, 1898),
  e(11, 'Na', 'Natrium', 'Sodium', 22.98976928, 'alkali-metal', '[Ne] 3s1', 'solid', 0.93, 370.95, 1156, 0.97, 1807),
  e(12, 'Mg', 'Magnesium', 'Magnesium', 24.305, 'alkaline-earth-metal', '[Ne] 3s2', 'solid', 1.31, 923, 1363, 1.74, 1808),
  e(13, 'Al', 'Aluminium', 'Aluminium', 26.9815384, 'post-transition-metal', '[Ne] 3s2 3p1', 'solid', 1.61, 933.437, 2792, 2.7, 1825),
  e(14, 'Si', 'Kisel', 'Silicon', 28.085, 'metalloid', '[Ne] 3s2 3p2', 'solid', 1.9, 1687, 3538, 2.3296, 1824),
  e(15, 'P', 'Fosfor', 'Phosphorus', 30.973761998, 'nonmetal', '[Ne] 3s2 3p3', 'solid', 2.19, 317.3, 553.65, 1.82, 1669),
  e(16, 'S', 'Svavel', 'Sulfur', 32.06, 'nonmetal', '[Ne] 3s2 3p4', 'solid', 2.58, 388.36, 717.75, 2.067, ANTIQUITY),
  e(17, 'Cl', 'Klor', 'Chlorine', 35.45, 'halogen', '[Ne] 3s2 3p5', 'gas', 3.16, 171.65, 239.11, 0.003214, 1774),
  e(18, 'Ar', 'Argon', 'Argon', 39.95, 'noble-gas', '[Ne] 3s2 3p6', 'gas', null, 83.8, 87.3, 0.0017837, 1894),
  e(19, 'K', 'Kalium', 'Potassium', 39.0983, 'alkali-metal', '[Ar] 4s1', 'solid', 0.82, 336.53, 1032, 0.89, 1807),
  e(20, 'Ca', 'Kalcium', 'Calcium', 40.078, 'alkaline-earth-metal', '[Ar] 4s2', 'solid', 1, 1115, 1757, 1.54, 1808),
  e(21, 'Sc', 'Skandium', 'Scandium', 44.955907, 'transition-metal', '[Ar] 3d1 4s2', 'solid', 1.36, 1814, 3109, 2.99, 1879),
  e(22, 'Ti', 'Titan', 'Titanium', 47.867, 'transition-metal', '[Ar] 3d2 4s2', 'solid', 1.54, 1941, 3560, 4.5, 1791),
  e(23, 'V', 'Vanadin', 'Vanadium', 50.9415, 'transition-metal', '[Ar] 3d3 4s2', 'solid', 1.63, 2183, 3680, 6, 1801),
  e(24, 'Cr', 'Krom', 'Chromium', 51.9961, 'transition-metal', '[Ar] 3d5 4s1', 'solid', 1.66, 2180, 2944, 7.15, 1797),
  e(25, 'Mn', 'Mangan', 'Manganese', 54.938043, 'transition-metal', '[Ar] 3d5 4s2', 'solid', 1.55, 1519, 2334, 7.3, 1774),
  e(26, 'Fe', 'Järn', 'Iron', 55.845, 'transition-metal', '[Ar] 3d6 4s2', 'solid', 1.83, 1811, 3134, 7.874, ANTIQUITY),
  e(27, 'Co', 'Kobolt', 'Cobalt', 58.933194, 'transition-metal', '[Ar] 3d7 4s2', 'solid', 1.88, 1768, 3200, 8.86, 1735),
  e(28, 'Ni', 'Nickel', 'Nickel', 58.6934, 'transition-metal', '[Ar] 3d8 4s2', 'solid', 1.91, 1728, 3186, 8.912, 1751),
  e(29, 'Cu', 'Koppar', 'Copper', 63.546, 'transition-metal', '[Ar] 3d10 4s1', 'solid', 1.9, 1357.77, 2835, 8.933, ANTIQUITY),
  e(30, 'Zn', 'Zink', 'Zinc', 65.38, 'transition-metal', '[Ar] 3d10 4s2', 'solid', 1.65, 692.68, 1180, 7.134, 1746),
  e(31, 'Ga', 'Gallium', 'Gallium', 69.723, 'post-transition-metal', '[Ar] 3d10 4s2 4p1', 'solid', 1.81, 302.91, 2477, 5.91, 1875),
  e(32, 'Ge', 'Germanium', 'Germanium', 72.630, 'metalloid', '[Ar] 3d10 4s2 4p2', 'solid', 2.01, 1211.4, 3106, 5.323, 1886),
  e(33, 'As', 'Arsenik', 'Arsenic', 74.921595, 'metalloid', '[Ar] 3d10 4s2 4p3', 'solid', 2.18, 1090, 887, 5.776, ANTIQUITY),
  e(34, 'Se', 'Selen', 'Selenium', 78.971, 'nonmetal', '[Ar] 3d10 4s2 4p4', 'solid', 2.55, 493.65, 958, 4.809, 1817),
  e(35, 'Br', 'Brom', 'Bromine', 79.904, 'halogen', '[Ar] 3d10 4s2 4p5', 'liquid', 2.96, 265.95, 331.95, 3.11, 1826),
  e(36, 'Kr', 'Krypton', 'Krypton', 83.798, 'noble-gas', '[Ar] 3d10 4s2 4p6', 'gas', 3, 115.79, 119.93, 0.003733, 1898),
  e(37, 'Rb', 'Rubidium', 'Rubidium', 85.4678, 'alkali-metal', '[Kr] 5s1', 'solid', 0.82, 312.46, 961, 1.53, 1861),
  e(38, 'Sr', 'Strontium', 'Strontium', 87.62, 'alkaline-earth-metal', '[Kr] 5s2', 'solid', 0.95, 1050, 1655, 2.64, 1790),
  e(39, 'Y', 'Yttrium', 'Yttrium', 88.905838, 'transition-metal', '[Kr] 4d1 5s2', 'solid', 1.22, 1795, 3618, 4.47, 1794),
  e(40, 'Zr', 'Zirkonium', 'Zirconium', 91.222, 'transition-metal', '[Kr] 4d2 5s2', 'solid', 1.33, 2128, 4682, 6.52, 1789),
  e(41, 'Nb', 'Niob', 'Niobium', 92.90637, 'transition-metal', '[Kr] 4d4 5s1', 'solid', 1.6, 2750, 5017, 8.57, 1801),
  e(42, 'Mo', 'Molybden', 'Molybdenum', 95.95, 'transition-metal', '[Kr] 4d5 5s1', 'solid', 2.16, 2896, 4912, 10.2, 1778),
  e(43, 'Tc', 'Teknetium', 'Technetium', mass(97), 'transition-metal', '[Kr] 4d5 5s2', 'solid', 1.9, 2430, 4538, 11, 1937),
  e(44, 'Ru', 'Rutenium', 'Ruthenium', 101.07, 'transition-metal', '[Kr] 4d7 5s1', 'solid', 2.2, 2607, 4423, 12.1, 1844),
  e(45, 'Rh', 'Rodium', 'Rhodium', 102.90549, 'transition-metal', '[Kr] 4d8 5s1', 'solid', 2.28, 2237, 3968, 12.4, 1803),
  e(46, 'Pd', 'Palladium', 'Palladium', 106.42, 'transition-metal', '[Kr] 4d10', 'solid', 2.2, 1828.05, 3236, 12, 1803),
  e(47, 'Ag', 'Silver', 'Silver', 107.8682, 'transition-metal', '[Kr] 4d10 5s1', 'solid', 1.93, 1234.93, 2435, 10.501, ANTIQUITY),
  e(48, 'Cd', 'Kadmium', 'Cadmium', 112.414, 'transition-metal', '[Kr] 4d10 5s2', 'solid', 1.69, 594.22, 1040, 8.69, 1817),
  e(49, 'In', 'Indium', 'Indium', 114.818, 'post-transition-metal', '[Kr] 4d10 5s2 5p1', 'solid', 1.78, 429.75, 2345, 7.31, 1863),
  e(50, 'Sn', 'Tenn', 'Tin', 118.710, 'post-transition-metal', '[Kr] 4d10 5s2 5p2', 'solid', 1.96, 505.08, 2875, 7.287, ANTIQUITY),
  e(51, 'Sb', 'Antimon', 'Antimony', 121.760, 'metalloid', '[Kr] 4d10 5s2 5p3', 'solid', 2.05, 903.78, 1860, 6.685, ANTIQUITY),
  e(52, 'Te', 'Tellur', 'Tellurium', 127.60, 'metalloid', '[Kr] 4d10 5s2 5p4', 'solid', 2.1, 722.66, 1261, 6.232, 1782),
  e(53, 'I', 'Jod', 'Iodine', 126.90447, 'halogen', '[Kr] 4d10 5s2 5p5', 'solid', 2.66, 386.85, 457.55, 4.93, 1811),
  e(54, 'Xe', 'Xenon', 'Xenon', 131.293, 'noble-gas', '[Kr] 4d10 5s2 5p6', 'gas', 2.6, 161.36, 165.03, 0.005887, 1898),
  e(55, 'Cs', 'Cesium', 'Caesium', 132.90545196, 'alkali-metal', '[Xe] 6s1', 'solid', 0.79, 301.59, 944, 1.93, 1860),
  e(56, 'Ba', 'Barium', 'Barium', 137.327, 'alkaline-earth-metal', '[Xe] 6s2', 'solid', 0.89, 1000, 2170, 3.62, 1808),
  e(57, 'La', 'Lantan', 'Lanthanum', 138.90547, 'lanthanide', '[Xe] 5d1 6s2', 'solid', 1.1, 1191, 3737, 6.15, 1839),
  e(58, 'Ce', 'Cerium', 'Cerium', 140.116, 'lanthanide', '[Xe] 4f1 5d1 6s2', 'solid', 1.12, 1071, 3697, 6.77, 1803),
  e(59, 'Pr', 'Praseodym', 'Praseodymium', 140.90766, 'lanthanide', '[Xe] 4f3 6s2', 'solid', 1.13, 1204, 3793, 6.77, 1885),
  e(60, 'Nd', 'Neodym', 'Neodymium', 144.242, 'lanthanide', '[Xe] 4f4 6s2', 'solid', 1.14, 1294, 3347, 7.01, 1885),
  e(61, 'Pm', 'Prometium', 'Promethium', mass(145), 'lanthanide', '[Xe] 4f5 6s2', 'solid', null, 1315, 3273, 7.26, 1945),
  e(62, 'Sm', 'Samarium', 'Samarium', 150.36, 'lanthanide', '[Xe] 4f6 6s2', 'solid', 1.17, 1347, 2067, 7.52, 1879),
  e(63, 'Eu', 'Europium', 'Europium', 151.964, 'lanthanide', '[Xe] 4f7 6s2', 'solid', null, 1095, 1802, 5.24, 1901),
  e(64, 'Gd', 'Gadolinium', 'Gadolinium', 157.249, 'lanthanide', '[Xe] 4f7 5d1 6s2', 'solid', 1.2, 1586, 3546, 7.9, 1880),
  e(65, 'Tb', 'Terbium', 'Terbium', 158.925354, 'lanthanide', '[Xe] 4f9 6s2', 'solid', null, 1629, 3503, 8.23, 1843),
  e(66, 'Dy', 'Dysprosium', 'Dysprosium', 162.500, 'lanthanide', '[Xe] 4f10 6s2', 'solid', 1.22, 1685, 2840, 8.55, 1886),
  e(67, 'Ho', 'Holmium', 'Holmium', 164.930329, 'lanthanide', '[Xe] 4f11 6s2', 'solid', 1.23, 1747, 2973, 8.8, 1878),
  e(68, 'Er', 'Erbium', 'Erbium', 167.259, 'lanthanide', '[Xe] 4f12 6s2', 'solid', 1.24, 1802, 3141, 9.07, 1843),
  e(69, 'Tm', 'Tulium', 'Thulium', 168.934219, 'lanthanide', '[Xe] 4f13 6s2', 'solid', 1.25, 1818, 2223, 9.32, 1879),
  e(70, 'Yb', 'Ytterbium', 'Ytterbium', 173.045, 'lanthanide', '[Xe] 4f14 6s2', 'solid', null, 1092, 1469, 6.9, 1878),
  e(71, 'Lu', 'Lutetium', 'Lutetium', 174.9668, 'lanthanide', '[Xe] 4f14 5d1 6s2', 'solid', 1.27, 1936, 3675, 9.84, 1907),
  e(72, 'Hf', 'Hafnium', 'Hafnium', 178.486, 'transition-metal', '[Xe] 4f14 5d2 6s2', 'solid', 1.3, 2506, 4876, 13.3, 1923),
  e(73, 'Ta', 'Tantal', 'Tantalum', 180.94788, 'transition-metal', '[Xe] 4f14 5d3 6s2', 'solid', 1.5, 3290, 5731, 16.4, 1802),
  e(74, 'W', 'Volfram', 'Tungsten', 183.84, 'transition-metal', '[Xe] 4f14 5d4 6s2', 'solid', 2.36, 3695, 5828, 19.3, 1783),
  e(75, 'Re', 'Rhenium', 'Rhenium', 186.207, 'transition-metal', '[Xe] 4f14 5d5 6s2', 'solid', 1.9, 3459, 5869, 20.8, 1925),
  e(76, 'Os', 'Osmium', 'Osmium', 190.23, 'transition-metal', '[Xe] 4f14 5d6 6s2', 'solid', 2.2, 3306, 5285, 22.57, 1803),
  e(77, 'Ir', 'Iridium', 'Iridium', 192.217, 'transition-metal', '[Xe] 4f14 5d7 6s2', 'solid', 2.2, 2719, 4701, 22.42, 1803),
  e(78, 'Pt', 'Platina', 'Platinum', 195.084, 'transition-metal', '[Xe] 4f14 5d9 6s1', 'solid', 2.28, 2041.55, 4098, 21.46, 1735),
  e(79, 'Au', 'Guld', 'Gold', 196.966570, 'transition-metal', '[Xe] 4f14 5d10 6s1', 'solid', 2.54, 1337.33, 3129, 19.282, ANTIQUITY),
  e(80, 'Hg', 'Kvicksilver', 'Mercury', 200.592, 'transition-metal', '[Xe] 4f14 5d10 6s2', 'liquid', 2, 234.32, 629.88, 13.5336, ANTIQUITY),
  e(81, 'Tl', 'Tallium', 'Thallium', 204.38, 'post-transition-metal', '[Xe] 4f14 5d10 6s2 6p1', 'solid', 1.62, 577, 1746, 11.8, 1861),
  e(82, 'Pb', 'Bly', 'Lead', 207.2, 'post-transition-metal', '[Xe] 4f14 5d10 6s2 6p2', 'solid', 2.33, 600.61, 2022, 11.342, ANTIQUITY),
  e(83, 'Bi', 'Vismut', 'Bismuth', 208.98040, 'post-transition-metal', '[Xe] 4f14 5d10 6s2 6p3', 'solid', 2.02, 544.55, 1837, 9.807, 1753),
  e(84, 'Po', 'Polonium', 'Polonium', mass(209), 'metalloid', '[Xe] 4f14 5d10 6s2 6p4', 'solid', 2, 527, 1235, 9.32, 1898),
  e(85, 'At', 'Astat', 'Astatine', mass(210), 'halogen', '[Xe] 4f14 5d10 6s2 6p5', 'solid', 2.2, 575, null, 7, 1940),
  e(86, 'Rn', 'Radon', 'Radon', mass(222), 'noble-gas', '[Xe] 4f14 5d10 6s2 6p6', 'gas', null, 202, 211.45, 0.00973, 1900),
  e(87, 'Fr', 'Francium', 'Francium', mass(223), 'alkali-metal', '[Rn] 7s1', 'solid', 0.7, 300, null, null, 1939),
  e(88, 'Ra', 'Radium', 'Radium', mass(226), 'alkaline-earth-metal', '[Rn] 7s2', 'solid', 0.9, 973, 1413, 5, 1898),
  e(89, 'Ac', 'Aktinium', 'Actinium', mass(227), 'actinide', '[Rn] 6d1 7s2', 'solid', 1.1, 1324, 3471, 10.07, 1899),
  e(90, 'Th', 'Torium', 'Thorium', 232.0377, 'actinide', '[Rn] 6d2 7s2', 'solid', 1.3, 2023, 5061, 11.72, 1828),
  e(91, 'Pa', 'Protaktinium', 'Protactinium', 231.03588, 'actinide', '[Rn] 5f2 6d1 7s2', 'solid', 1.5, 1845, null, 15.37, 1913),
  e(92, 'U', 'Uran', 'Uranium', 238.02891, 'actinide', '[Rn] 5f3 6d1 7s2', 'solid', 1.38, 1408, 4404, 18.95, 1789),
  e(93, 'Np', 'Neptunium', 'Neptunium', mass(237), 'actinide', '[Rn] 5f4 6d1 7s2', 'solid', 1.36, 917, 4175, 20.25, 1940),
  e(94, 'Pu', 'Plutonium', 'Plutonium', mass(244), 'actinide', '[Rn] 5f6 7s2', 'solid', 1.28, 913, 3501, 19.84, 1940),
  e(95, 'Am', 'Americium', 'Americium', mass(243), 'actinide', '[Rn] 5f7 7s2', 'solid', 1.3, 1449, 2284, 13.69, 1944),
  e(96, 'Cm', 'Curium', 'Curium', mass(247), 'actinide', '[Rn] 5f7 6d1 7s2', 'solid', 1.3, 1618, 3400, 13.51, 1944),
  e(97, 'Bk', 'Berkelium', 'Berkelium', mass(247), 'actinide', '[Rn] 5f9 7s2', 'solid', 1.3, 1323, null, 14, 1949),
  e(98, 'Cf', 'Californium', 'Californium', mass(251), 'actinide', '[Rn] 5f10 7s2', 'solid', 1.3, 1173, null, 15.1, 1950),
  e(99, 'Es', 'Einsteinium', 'Einsteinium', mass(252), 'actinide', '[Rn] 5f11 7s2', 'solid', 1.3, 1133, null, 8.84, 1952),
  e(100, 'Fm', 'Fermium', 'Fermium', mass(257), 'actinide', '[Rn] 5f12 7s2', 'solid', 1.3, 1800, null, null, 1952),
  e(101, 'Md', 'Mendelevium', 'Mendelevium', mass(258), 'actinide', '[Rn] 5f13 7s2', 'solid', 1.3, 1100, null, null, 1955),
  e(102, 'No', 'Nobelium', 'Nobelium', mass(259), 'actinide', '[Rn] 5f14 7s2', 'solid', 1.3, 1100, null, null, 1957),
  e(103, 'Lr', 'Lawrencium', 'Lawrencium', mass(266), 'actinide', '[Rn] 5f14 7s2 7p1', 'solid', 1.3, 1900, null, null, 1961),
  e(104, 'Rf', 'Rutherfordium', 'Rutherfordium', mass(267), 'transition-metal', '[Rn] 5f14 6d2 7s2', 'solid', null, null, null, null, 1964),
  e(105, 'Db', 'Dubnium', 'Dubnium', mass(268), 'transition-metal', '[Rn] 5f14 6d3 7s2', 'solid', null, null, null, null, 1967),
  e(106, 'Sg', 'Seaborgium', 'Seaborgium', mass(269), 'transition-metal', '[Rn] 5f14 6d4 7s2', 'solid', null, null, null, null, 1974),
  e(107, 'Bh', 'Bohrium', 'Bohrium', mass(270), 'transition-metal', '[Rn] 5f14 6d5 7s2', 'solid', null, null, null, null, 1976),
  e(108, 'Hs', 'Hassium', 'Hassium', mass(269), 'transition-metal', '[Rn] 5f14 6d6 7s2', 'solid', null, null, null, null, 1984),
  e(109, 'Mt', 'Meitnerium', 'Meitnerium', mass(277), 'transition-metal', '[Rn] 5f14 6d7 7s2', 'solid', null, null, null, null, 1982),
  e(110, 'Ds', 'Darmstadtium', 'Darmstadtium', mass(282), 'transition-metal', '[Rn] 5f14 6d8 7s2', 'unknown', null, null, null, null, 1994),
  e(111, 'Rg', 'Röntgenium', 'Roentgenium', mass(282), 'transition-metal', '[Rn] 5f14 6d9 7s2', 'unknown', null, null, null, null, 1994),
  e(112, 'Cn', 'Copernicium', 'Copernicium', mass(285), 'transition-metal', '[Rn] 5f14 6d10 7s2', 'unknown', null, null, null, null, 1996),
  e(113, 'Nh', 'Nihonium', 'Nihonium', mass(286), 'post-transition-metal', '[Rn] 5f14 6d10 7s2 7p1', 'unknown', null, null, null, null, 2004),
  e(114, 'Fl', 'Flerovium', 'Flerovium', mass(290), 'post-transition-metal', '[Rn] 5f14 6d10 7s2 7p2', 'unknown', null, null, null, null, 1998),
  e(115, 'Mc', 'Moscovium', 'Moscovium', mass(290), 'post-transition-metal', '[Rn] 5f14 6d10 7s2 7p3', 'unknown', null, null, null, null, 2003),
  e(116, 'Lv', 'Livermorium', 'Livermorium', mass(293), 'post-transition-metal', '[Rn] 5f14 6d10 7s2 7p4', 'unknown', null, null, null, null, 2000),
  e(117, 'Ts', 'Tenness', 'Tennessine', mass(294), 'halogen', '[Rn] 5f14 6d10 7s2 7p5', 'unknown', null, null, null, null, 2010),
  e(118, 'Og', 'Oganesson', 'Oganesson', mass(295), 'noble-gas', '[Rn] 5f14 6d10 7s2 7p6', 'unknown', null, null, null, null, 2006),
];
