import { CATEGORIES } from '@vaggen/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CategoryOptions } from './CategoryOptions';

const html = (props: Parameters<typeof CategoryOptions>[0]) =>
  renderToStaticMarkup(createElement('select', null, createElement(CategoryOptions, props)));

describe('CategoryOptions', () => {
  it('starts with the empty choice, then every category by its label, valued by its code', () => {
    const out = html({ empty: 'Välj kategori' });
    expect(
      out.startsWith('<select><option value="">Välj kategori</option><option value="NYHETER">Nyheter</option>'),
    ).toBe(true);
    expect(out.match(/<option /g)).toHaveLength(CATEGORIES.length + 1);
    expect(out).toContain('<option value="KRÖNIKOR">Krönikor</option>');
  });

  it('values the categories in lower case where a URL carries them (search)', () => {
    const out = html({ empty: 'Alla kategorier', lowerCase: true });
    expect(out).toContain('<option value="">Alla kategorier</option>');
    expect(out).toContain('<option value="krönikor">Krönikor</option>');
    expect(out).not.toContain('value="NYHETER"');
  });
});
