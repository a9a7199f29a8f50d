import { Node } from '@tiptap/core';
import { creditLine } from '@vaggen/contract';
import { captionOf, creditOf } from '../image-texts';

/** What an inline image carries besides its address (issue 14), as the editor's panel edits them. */
export interface ImageTexts {
  alt: string;
  caption: string;
  credit: string;
}

const IMG = 'img[src]:not([src^="data:"])';

/** The `<img>` of a parsed element: the element itself, or the one inside a `<figure>`. */
function imgOf(el: HTMLElement): HTMLElement | null {
  return el.tagName === 'FIGURE' ? el.querySelector<HTMLElement>(IMG) : el;
}

/**
 * An inline image of the article body as one block: stored as
 * `<figure><img src alt><figcaption>caption <span class="credit">Foto: …</span></figcaption></figure>`
 * (the server's sanitizer keeps exactly that). It is an atom: its texts are edited in the toolbar's
 * image panel, not in place. A bare `<img>` (older articles, pasted HTML) becomes one without texts.
 */
export const ImageFigure = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: { default: null, parseHTML: (el) => imgOf(el)?.getAttribute('src') ?? null },
      alt: { default: '', parseHTML: (el) => imgOf(el)?.getAttribute('alt')?.trim() ?? '' },
      caption: {
        default: '',
        parseHTML: (el) => (el.tagName === 'FIGURE' ? captionOf(el.querySelector('figcaption')) : ''),
      },
      credit: {
        default: '',
        parseHTML: (el) => (el.tagName === 'FIGURE' ? creditOf(el.querySelector('figcaption .credit')) : ''),
      },
    };
  },

  parseHTML() {
    return [
      // a figure without an image (e.g. a table's) is left to the other rules
      { tag: 'figure', getAttrs: (el) => (imgOf(el as HTMLElement) ? null : false) },
      { tag: IMG },
    ];
  },

  renderHTML({ node }) {
    const { src, alt, caption, credit } = node.attrs as ImageTexts & { src: string };
    const img = ['img', { src, alt: alt ?? '' }] as const;
    const line = creditLine(credit);
    const texts: unknown[] = [];
    if (caption?.trim()) texts.push(caption.trim());
    if (caption?.trim() && line) texts.push(' ');
    if (line) texts.push(['span', { class: 'credit' }, line]);
    // biome-ignore lint/suspicious/noExplicitAny: ProseMirror's DOMOutputSpec is a recursive array
    return (texts.length ? ['figure', img, ['figcaption', ...texts]] : ['figure', img]) as any;
  },
});
