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

/** What the islands' script needs of an island: its name and its component. */
export interface IslandDef {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: each island has its own props (JSON, from the page)
  component: ComponentType<any>;
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
  Island.island = { name, component: Component } satisfies IslandDef;
  return Island;
}
