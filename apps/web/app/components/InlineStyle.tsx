import { useState } from 'react';

/**
 * A stylesheet written into the server's HTML as a `<style>` element (issue 20): the page paints
 * without waiting for a stylesheet request. Pass the CSS only in the server build
 * (`import.meta.env.SSR ? css : ''`), so that it never enters the browser's JavaScript: while
 * hydrating, the browser takes the text back from the element the server wrote (same markup, no
 * mismatch). The CSP allows inline styles (`style-src 'unsafe-inline'`, decision 022).
 */
export function InlineStyle({ id, css }: { id: string; css: string }) {
  const [text] = useState(() =>
    typeof document === 'undefined' ? css : (document.getElementById(id)?.textContent ?? css),
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet from the build, not user content
  return <style id={id} dangerouslySetInnerHTML={{ __html: text }} />;
}
