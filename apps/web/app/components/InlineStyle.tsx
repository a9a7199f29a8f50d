import { useState } from 'react';

/**
 * A stylesheet written into the server's HTML as a `<style>` element (issue 20): the page paints
 * without waiting for a stylesheet request. While hydrating, the browser takes the text back from
 * the element the server wrote (same markup, no mismatch), so the CSS need not be in the browser's
 * JavaScript: the shell and the comments pass it only in the server build
 * (`import.meta.env.SSR ? css : ''`). A route that the browser may render after following a link
 * passes it in both builds (decision 043), since there is no server element to take it from then.
 * The CSP allows inline styles (`style-src 'unsafe-inline'`, decision 022).
 */
export function InlineStyle({ id, css }: { id: string; css: string }) {
  const [text] = useState(() =>
    typeof document === 'undefined' ? css : (document.getElementById(id)?.textContent ?? css),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet from the build, not user content
  return <style id={id} dangerouslySetInnerHTML={{ __html: text }} />;
}
