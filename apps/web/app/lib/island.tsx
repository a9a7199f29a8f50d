import { type ComponentType, createContext, useContext } from 'react';

/**
 * Issue 46 (decision 054): reader pages are server-rendered HTML in which only the interactive parts
 * — islands — hydrate, each as a React root of its own with only its own props, without React
 * Router's client. A route says it is such a page (`handle: { islands: true }`); the shell then
 * renders this context as true.
 */
const IslandPage = createContext(false);
export const IslandPageProvider = IslandPage.Provider;

/** Whether this part of the page is rendered as static HTML of an island page (not inside an island). */
export function useIslandPage(): boolean {
  return useContext(IslandPage);
}

/** The element an island's HTML sits in (`display: contents`: it takes no box of its own). */
export const ISLAND_TAG = 'vaggen-island';

// biome-ignore lint/suspicious/noExplicitAny: each island has its own props (JSON, from the page)
type AnyIsland = ComponentType<any>;

/**
 * What the islands' script needs of an island: its name and its component — or, for an island only
 * a few pages have (a form), how to fetch its component: its code is then a chunk of its own, fetched
 * by the pages it is on, not a part of every reader page's islands chunk.
 */
export type IslandDef = { name: string; component: AnyIsland } | { name: string; load: () => Promise<AnyIsland> };

/**
 * An island whose code is fetched when a page has it (`load` a dynamic import). The name is the one
 * its component's module gives `island()`: `islands.ts` imports only that small module's names.
 */
export function lazyIsland(name: string, load: () => Promise<AnyIsland>): { island: IslandDef } {
  return { island: { name, load } };
}

/**
 * Makes `Component` a part of a page that hydrates alone. On an island page the server writes it
 * inside `<vaggen-island data-island="name" data-props="…">`, and the islands' script
 * (islands.client.tsx, which lists every island: islands.ts) hydrates that element with this
 * component and the props written there: they must be JSON. In the full app (staff pages, and pages
 * it renders after a client navigation) the component simply renders in place.
 */
export function island<P extends object>(name: string, Component: ComponentType<P>) {
  function Island(props: P) {
    const islandPage = useIslandPage();
    if (!islandPage) return <Component {...props} />;
    const Tag = ISLAND_TAG as 'div';
    return (
      <Tag data-island={name} data-props={JSON.stringify(props)}>
        {/* inside an island, nothing is an island of its own */}
        <IslandPage.Provider value={false}>
          <Component {...props} />
        </IslandPage.Provider>
      </Tag>
    );
  }
  Island.island = { name, component: Component as AnyIsland } satisfies IslandDef;
  return Island;
}
