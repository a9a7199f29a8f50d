import { type Element, type IsotopesResponse, SCIENCE_MSG } from '@vaggen/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile } from '../../../test/fixtures/science-data.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers.js';
import { importNubase } from './importer.js';

describe.each(dialects)('science API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('GET /api/periodic-table-data: 118 elements, categories map, metadata; cacheable', async () => {
    const res = await t.app.inject('/api/periodic-table-data');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const body = res.json();
    expect(body.elements).toHaveLength(118);
    const fe = body.elements.find((e: Element) => e.symbol === 'Fe');
    expect(fe).toEqual({
      atomic_number: 26,
      symbol: 'Fe',
      name: 'Järn',
      name_en: 'Iron',
      atomic_weight: 55.845,
      atomic_weight_is_mass_number: false,
      category: 'transition-metal',
      block: 'd',
      period: 4,
      group: 8,
      electron_configuration: '[Ar] 3d6 4s2',
      electron_shells: [2, 8, 14, 2],
      state_at_room_temp: 'solid',
      electronegativity: 1.83,
      melting_point: 1811,
      boiling_point: 3134,
      density: 7.874,
      year_discovered: null,
      discovered_in_antiquity: true,
    });
    expect(body.metadata.categories).toContain('noble-gas');
    expect(body.metadata.blocks).toEqual(['s', 'p', 'd', 'f']);
    expect(body.categories['noble-gas'].map((e: Element) => e.symbol)).toEqual([
      'He',
      'Ne',
      'Ar',
      'Kr',
      'Xe',
      'Rn',
      'Og',
    ]);
    const inCategories = Object.values(body.categories as Record<string, Element[]>).flat().length;
    expect(inCategories).toBe(118);

    const again = await t.app.inject({ url: '/api/periodic-table-data', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('GET /api/elements/symbol/:symbol answers the atomic number in any casing', async () => {
    for (const s of ['Fe', 'fe', 'FE']) {
      const res = await t.app.inject(`/api/elements/symbol/${s}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ atomic_number: 26, symbol: 'Fe' });
    }
    const og = await t.app.inject('/api/elements/symbol/Og');
    expect(og.json().atomic_number).toBe(118);
    // Cacheable like the other science calls: an ETag, and 304 when the client has it.
    const etag = og.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(og.headers['cache-control']).toContain('public');
    const again = await t.app.inject({ url: '/api/elements/symbol/og', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ url: '/api/elements/symbol/Fe', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('unknown symbols are 404, malformed ones 400', async () => {
    const unknown = await t.app.inject('/api/elements/symbol/Xx');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: SCIENCE_MSG.elementNotFound });
    const bad = await t.app.inject('/api/elements/symbol/F3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^Invalid request: symbol: must be an element symbol/);
  });

  it('GET /api/elements/:n/isotopes serves the built-in NUBASE2020 set before an import', async () => {
    const res = await t.app.inject('/api/elements/26/isotopes');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cache-control']).toContain('public');
    const cachedCopy = await t.app.inject({
      url: '/api/elements/26/isotopes',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(cachedCopy.statusCode).toBe(304);
    const body: IsotopesResponse = res.json();
    expect(body.element.symbol).toBe('Fe');
    expect(body.source.kind).toBe('builtin');
    expect(body.source.citation).toContain('Chin. Phys. C45, 030001 (2021)');
    const stable = body.isotopes.filter((i) => i.stable).map((i) => [i.mass_number, i.abundance]);
    expect(stable).toEqual([
      [54, 5.845],
      [56, 91.754],
      [57, 2.119],
      [58, 0.282],
    ]);
    const fe60 = body.isotopes.find((i) => i.mass_number === 60);
    expect(fe60).toMatchObject({ neutron_count: 34, stable: false, half_life: '2.62e6 years', decay_mode: 'β−' });
    expect(body.isotopes.map((i) => i.mass_number)).toEqual(
      [...body.isotopes.map((i) => i.mass_number)].sort((a, b) => a - b),
    );

    const c = (await t.app.inject('/api/elements/6/isotopes')).json() as IsotopesResponse;
    expect(c.isotopes.find((i) => i.mass_number === 14)?.half_life).toBe('5700 years');
    const k = (await t.app.inject('/api/elements/19/isotopes')).json() as IsotopesResponse;
    expect(k.isotopes.find((i) => i.mass_number === 40)?.abundance).toBe(0.0117);
  });

  it('isotopes: 404 for an unknown element, 400 for a malformed number', async () => {
    const missing = await t.app.inject('/api/elements/119/isotopes');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ msg: SCIENCE_MSG.elementNotFound });
    expect((await t.app.inject('/api/elements/0/isotopes')).statusCode).toBe(404);
    const bad = await t.app.inject('/api/elements/abc/isotopes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/^Invalid request: atomicNumber/);
  });

  const nubase = sharedFile('nubase_4.mas20.txt');
  it.skipIf(!nubase)(
    'after importing the real NUBASE2020 table it serves every nuclide from the database',
    async () => {
      const builtinEtag = (await t.app.inject('/api/elements/92/isotopes')).headers.etag as string;
      const result = await importNubase(t.app.services.science, nubase as string);
      expect(result.groundStates).toBeGreaterThanOrEqual(3300);
      const res = await t.app.inject({ url: '/api/elements/92/isotopes', headers: { 'if-none-match': builtinEtag } });
      expect(res.statusCode).toBe(200); // the import changed the data, so the old ETag no longer matches
      expect(res.headers.etag).not.toBe(builtinEtag);
      const body: IsotopesResponse = res.json();
      expect(body.source).toMatchObject({ kind: 'imported', name: 'NUBASE2020: nubase_4.mas20.txt' });
      const groundStates = body.isotopes.filter((i) => i.isomer === null);
      expect(groundStates.length).toBeGreaterThan(25);
      const u238 = groundStates.find((i) => i.mass_number === 238);
      expect(u238).toMatchObject({ half_life: '4.463e9 years', abundance: 99.2742, decay_mode: 'α' });
      expect(u238?.decay_modes.map((m) => m.mode)).toEqual(['A', 'SF', '2B-']);
      expect(body.isotopes.some((i) => i.isomer !== null)).toBe(true);
      const cl = (await t.app.inject('/api/elements/17/isotopes')).json() as IsotopesResponse;
      expect(cl.isotopes.find((i) => i.mass_number === 35)?.abundance).toBeCloseTo(75.76, 1);

      // A second import replaces the table instead of adding to it.
      await importNubase(t.app.services.science, nubase as string);
      const again = (await t.app.inject('/api/elements/92/isotopes')).json() as IsotopesResponse;
      expect(again.isotopes).toHaveLength(body.isotopes.length);
    },
  );
});
