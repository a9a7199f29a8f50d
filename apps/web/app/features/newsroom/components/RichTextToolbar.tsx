import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { useRef, useState } from 'react';
import { ImagePanel, ImageTextsPanel, LinkPanel, type Panel } from './RichTextPanels';
import { BulletListIcon, ImageIcon, LinkIcon, OrderedListIcon, QuoteIcon, RedoIcon, UndoIcon } from './ToolbarIcons';

/** The editor's toolbar (one tab stop, arrow keys between the buttons) and the panel open under it. */
export function Toolbar({
  editor,
  uploading,
  panel,
  setPanel,
  onInsert,
  onUpload,
}: {
  editor: Editor;
  uploading: boolean;
  panel: Panel;
  setPanel: React.Dispatch<React.SetStateAction<Panel>>;
  onInsert(src: string): void;
  onUpload: (file: File) => Promise<void>;
}) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [focusIndex, setFocusIndex] = useState(0);

  const chain = () => editor.chain().focus();
  const buttons: {
    key: string;
    label: string;
    text: React.ReactNode;
    pressed?: boolean;
    disabled?: boolean;
    run(): void;
  }[] = [
    { key: 'bold', label: 'Fetstil', text: 'B', pressed: s.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: 'Kursiv', text: 'I', pressed: s.italic, run: () => chain().toggleItalic().run() },
    {
      key: 'h2',
      label: 'Rubrik nivå 2',
      text: 'H2',
      pressed: s.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: 'Rubrik nivå 3',
      text: 'H3',
      pressed: s.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'ul',
      label: 'Punktlista',
      text: <BulletListIcon />,
      pressed: s.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'ol',
      label: 'Numrerad lista',
      text: <OrderedListIcon />,
      pressed: s.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'quote',
      label: 'Citat',
      text: <QuoteIcon />,
      pressed: s.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: 'link',
      label: 'Länk',
      text: <LinkIcon />,
      pressed: s.link || panel?.kind === 'link',
      run: () => setPanel((p) => (p?.kind === 'link' ? null : { kind: 'link' })),
    },
    {
      key: 'image',
      label: 'Bild',
      text: <ImageIcon />,
      pressed: panel?.kind === 'image',
      run: () => setPanel((p) => (p?.kind === 'image' ? null : { kind: 'image' })),
    },
    { key: 'undo', label: 'Ångra', text: <UndoIcon />, disabled: !s.canUndo, run: () => chain().undo().run() },
    { key: 'redo', label: 'Gör om', text: <RedoIcon />, disabled: !s.canRedo, run: () => chain().redo().run() },
  ];

  // WAI-ARIA toolbar: one tab stop, arrow keys move between the buttons.
  function onKeyDown(e: React.KeyboardEvent) {
    const items = Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    if (current < 0) return;
    let next = current;
    if (e.key === 'ArrowRight') next = (current + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (current - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    else return;
    e.preventDefault();
    setFocusIndex(next);
    items[next]?.focus();
  }

  // The toolbar and its open panel stay in view together while the text scrolls under them.
  return (
    <div className="rte-bar">
      <div ref={toolbarRef} className="rte-toolbar" role="toolbar" aria-label="Formatering" onKeyDown={onKeyDown}>
        {buttons.map((b, i) => (
          <button
            key={b.key}
            type="button"
            className={`rte-button rte-${b.key}`}
            aria-label={b.label}
            title={b.label}
            aria-pressed={b.pressed === undefined ? undefined : b.pressed}
            disabled={b.disabled}
            tabIndex={i === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(i)}
            onMouseDown={(e) => e.preventDefault() /* keep the editor's selection */}
            onClick={b.run}
          >
            <span aria-hidden="true">{b.text}</span>
          </button>
        ))}
      </div>
      {panel?.kind === 'link' && (
        <LinkPanel
          initial={s.href}
          hasLink={s.link}
          onApply={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setPanel(null);
          }}
          onRemove={() => {
            chain().extendMarkRange('link').unsetLink().run();
            setPanel(null);
          }}
          onClose={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
      {panel?.kind === 'image' && (
        <ImagePanel
          uploading={uploading}
          onInsert={onInsert}
          onUpload={async (file) => {
            setPanel(null);
            await onUpload(file);
          }}
          onClose={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
      {panel?.kind === 'texts' && (
        <ImageTextsPanel
          key={panel.pos}
          editor={editor}
          pos={panel.pos}
          focus={panel.focus}
          onClose={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}
