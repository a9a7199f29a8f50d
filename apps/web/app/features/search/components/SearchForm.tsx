import { SEARCH_QUERY_MAX } from '@vaggen/contract';
import { Form } from 'react-router';
import { CategoryOptions } from '../../../components/CategoryOptions';

export interface SearchFormValues {
  q: string;
  category: string;
  from: string;
  to: string;
  sort: string;
}

/** The results page's form: a plain GET form, so it works before (and without) JavaScript. */
export function SearchForm({ values }: { values: SearchFormValues }) {
  return (
    <Form method="get" action="/sok" className="search-form" role="search">
      <div className="search-form-main">
        <label htmlFor="sok-q" className="visually-hidden">
          Sökord
        </label>
        <input
          id="sok-q"
          name="q"
          type="search"
          defaultValue={values.q}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Sök bland artiklarna…"
        />
        <button type="submit">Sök</button>
      </div>
      <fieldset className="search-filters">
        <legend className="visually-hidden">Filter</legend>
        <label>
          Kategori
          <select name="category" defaultValue={values.category}>
            <CategoryOptions empty="Alla kategorier" lowerCase />
          </select>
        </label>
        <label>
          Från
          <input type="date" name="from" defaultValue={values.from} />
        </label>
        <label>
          Till
          <input type="date" name="to" defaultValue={values.to} />
        </label>
        <label>
          Ordning
          <select name="sort" defaultValue={values.sort || 'relevance'}>
            <option value="relevance">Bäst träff</option>
            <option value="newest">Nyast först</option>
          </select>
        </label>
      </fieldset>
      <p className="search-tips">
        Tips: <kbd>"exakt fras"</kbd> söker orden i följd, <kbd>-ord</kbd> utesluter ett ord.
      </p>
    </Form>
  );
}
