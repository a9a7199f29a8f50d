/**
 * Whether React has taken over the server's HTML: root.tsx sets `data-hydrated` on <html> in its
 * first effect, so this is false during the hydration render and true for everything rendered after
 * it (client navigations, later mounts). False on the server.
 */
export function isHydrated(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hydrated === 'true';
}

/** The `<input>` types a reader types text into. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/**
 * Text a reader typed into the server's HTML before it hydrated (seconds on a slow phone): it is in
 * the field but not in React's state, so the field's next render wiped it (a search, the newsletter
 * address, a comment). Called right after a part of the page has hydrated: every text field under
 * `root` whose text differs from what the server sent is reported to React as an input event, so
 * that its `onChange` takes the reader's text. The caret stays where it was.
 */
export function keepTypedText(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (el instanceof HTMLInputElement && !TEXT_INPUTS.has(el.type)) continue;
    const typed = el.value;
    if (typed === el.defaultValue) continue;
    const setNative = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
    if (!setNative) continue;
    const { selectionStart, selectionEnd } = el;
    // React notices a change by comparing the field with the text it last saw set: set the server's
    // text through the element (React sees that), then the reader's past it, and say so.
    el.value = el.defaultValue;
    setNative.call(el, typed);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    try {
      el.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // email and number fields have no selection
    }
  }
}
