import { describe, expect, it } from 'vitest';
import { ELEMENTS } from './elements.js';

/**
 * IUPAC/CIAAW standard atomic weights 2021 (Prohaska et al., Pure Appl. Chem. 94, 573 (2022)),
 * typed in here from the CIAAW table so that this check needs no file outside the repository.
 * Where CIAAW gives an interval, its conventional value. For elements without a standard atomic
 * weight, the mass number of the longest-lived isotope (NUBASE2020), written as a negative number
 * to keep the two kinds apart: `-97` means "[97]". For Mt, Ds, Fl and Og that is NUBASE2020's
 * measured half-lives (277Mt 9 s, 282Ds 4.2 min, 290Fl 80 s, 295Og 0.7 s), not the mass numbers some
 * periodic tables print (278, 281, 289, 294).
 *
 * The PubChem comparison in elements.test.ts allows 1 % and needs the shared data folder; this one
 * is exact and always runs, so a weight off by 0.5 % (or by one digit) fails here.
 */
const CIAAW_2021: Record<string, number> = {
  H: 1.008,
  He: 4.002602,
  Li: 6.94,
  Be: 9.0121831,
  B: 10.81,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  F: 18.998403162,
  Ne: 20.1797,
  Na: 22.98976928,
  Mg: 24.305,
  Al: 26.9815384,
  Si: 28.085,
  P: 30.973761998,
  S: 32.06,
  Cl: 35.45,
  Ar: 39.95,
  K: 39.0983,
  Ca: 40.078,
  Sc: 44.955907,
  Ti: 47.867,
  V: 50.9415,
  Cr: 51.9961,
  Mn: 54.938043,
  Fe: 55.845,
  Co: 58.933194,
  Ni: 58.6934,
  Cu: 63.546,
  Zn: 65.38,
  Ga: 69.723,
  Ge: 72.63,
  As: 74.921595,
  Se: 78.971,
  Br: 79.904,
  Kr: 83.798,
  Rb: 85.4678,
  Sr: 87.62,
  Y: 88.905838,
  Zr: 91.222,
  Nb: 92.90637,
  Mo: 95.95,
  Tc: -97,
  Ru: 101.07,
  Rh: 102.90549,
  Pd: 106.42,
  Ag: 107.8682,
  Cd: 112.414,
  In: 114.818,
  Sn: 118.71,
  Sb: 121.76,
  Te: 127.6,
  I: 126.90447,
  Xe: 131.293,
  Cs: 132.90545196,
  Ba: 137.327,
  La: 138.90547,
  Ce: 140.116,
  Pr: 140.90766,
  Nd: 144.242,
  Pm: -145,
  Sm: 150.36,
  Eu: 151.964,
  Gd: 157.249,
  Tb: 158.925354,
  Dy: 162.5,
  Ho: 164.930329,
  Er: 167.259,
  Tm: 168.934219,
  Yb: 173.045,
  Lu: 174.9668,
  Hf: 178.486,
  Ta: 180.94788,
  W: 183.84,
  Re: 186.207,
  Os: 190.23,
  Ir: 192.217,
  Pt: 195.084,
  Au: 196.96657,
  Hg: 200.592,
  Tl: 204.38,
  Pb: 207.2,
  Bi: 208.9804,
  Po: -209,
  At: -210,
  Rn: -222,
  Fr: -223,
  Ra: -226,
  Ac: -227,
  Th: 232.0377,
  Pa: 231.03588,
  U: 238.02891,
  Np: -237,
  Pu: -244,
  Am: -243,
  Cm: -247,
  Bk: -247,
  Cf: -251,
  Es: -252,
  Fm: -257,
  Md: -258,
  No: -259,
  Lr: -266,
  Rf: -267,
  Db: -268,
  Sg: -269,
  Bh: -270,
  Hs: -269,
  Mt: -277,
  Ds: -282,
  Rg: -282,
  Cn: -285,
  Nh: -286,
  Fl: -290,
  Mc: -290,
  Lv: -293,
  Ts: -294,
  Og: -295,
};

describe('atomic weights', () => {
  it('are the CIAAW 2021 values for every one of the 118 elements, exactly', () => {
    expect(Object.keys(CIAAW_2021)).toHaveLength(118);
    const wrong: string[] = [];
    for (const e of ELEMENTS) {
      const expected = CIAAW_2021[e.symbol];
      const ours = e.atomic_weight_is_mass_number ? -e.atomic_weight : e.atomic_weight;
      if (ours !== expected) wrong.push(`${e.atomic_number} ${e.symbol}: ours ${ours}, CIAAW ${expected}`);
    }
    expect(wrong).toEqual([]);
  });
});
