import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MSG } from '@vaggen/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { UploadError, uploadImage } from '../api';
import { imageUrlOf, normaliseLinkUrl, pastedUrl } from '../paste';
import { ImageFileButton } from './ImageFileButton';
import { BulletListIcon, ImageIcon, LinkIcon, OrderedListIcon, QuoteIcon, RedoIcon, UndoIcon } from './ToolbarIcons';

export interface RichTextEditorProps {
  /** Initial HTML (the editor owns the content afterwards). */
  initialHtml: string;
  /** Every change: the HTML and whether the document is empty. */
  onChange(html: string): void;
  /** Id of the visible label of the content field. */
  labelId: string;
  /** An inline upload failed (spec 000 §8 text) or null to clear. */
  onError(msg: string | null): void;
  invalid?: boolean;
}

/** An image block with a paragraph after it, so that writing (or the next image) goes on below. */
function insertImage(editor: Editor, src: string) {
  editor
    .chain()
    .focus()
    .insertContent([{ type: 'image', attrs: { src, alt: '' } }, { type: 'paragraph' }])
    .run();
}

/**
 * The article body editor (TipTap, HTML). Loaded only by the editor route (React.lazy), so the
 * reader pages never download it. Pasting an image URL inserts an image; any other URL becomes a
 * link (spec 000 §2); pasted image files are uploaded.
 */
export default function RichTextEditor({ initialHtml, onChange, labelId, onError, invalid }: RichTextEditorProps) {
  const editorRef = useRef<Editor | null>(null);
  const [uploading, setUploading] = useState(false);

  async function uploadInline(file: File) {
    onError(null);
    setUploading(true);
    try {
      const url = await uploadImage(file, { inline: true });
      if (editorRef.current) insertImage(editorRef.current, url);
    } catch (err) {
      onError(err instanceof UploadError ? err.message : MSG.uploadFailedInline);
    } finally {
      setUploading(false);
    }
  }
  const uploadRef = useRef(uploadInline);
  uploadRef.current = uploadInline;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: false, // our paste handler below decides
          defaultProtocol: 'https',
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      handlePaste: (_view, event) => {
        const ed = editorRef.current;
        const data = event.clipboardData;
        if (!ed || !data) return false;
        const file = Array.from(data.files).find((f) => f.type.startsWith('image/'));
        if (file) {
          void uploadRef.current(file);
          return true;
        }
        const url = pastedUrl(data.getData('text/plain'));
        if (!url) return false;
        const image = imageUrlOf(url);
        if (image) {
          insertImage(ed, image);
        } else if (ed.state.selection.empty) {
          ed.chain()
            .focus()
            .insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] })
            .unsetMark('link')
            .insertContent(' ')
            .run();
        } else {
          ed.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
        }
        return true;
      },
      handleDrop: (_view, event) => {
        const file = Array.from(event.dataTransfer?.files ?? []).find((f) => f.type.startsWith('image/'));
        if (!file) return false;
        event.preventDefault();
        void uploadRef.current(file);
        return true;
      },
    },
    onUpdate: ({ editor: ed }) => onChange(ed.isEmpty ? '' : ed.getHTML()),
  });
  editorRef.current = editor;

  useEffect(() => {
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': invalid ? 'true' : 'false',
        },
      },
    });
  }, [editor, invalid]);

  return (
    <div className="rte" data-invalid={invalid || undefined}>
      <Toolbar editor={editor} uploading={uploading} onUpload={uploadInline} />
      <EditorContent editor={editor} />
      {uploading && (
        <p className="rte-status" role="status">
          Laddar upp bild...
        </p>
      )}
    </div>
  );
}

type Panel = 'link' | 'image' | null;

function Toolbar({
  editor,
  uploading,
  onUpload,
}: {
  editor: Editor;
  uploading: boolean;
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
  const [panel, setPanel] = useState<Panel>(null);
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
      pressed: s.link || panel === 'link',
      run: () => setPanel((p) => (p === 'link' ? null : 'link')),
    },
    {
      key: 'image',
      label: 'Bild',
      text: <ImageIcon />,
      pressed: panel === 'image',
      run: () => setPanel((p) => (p === 'image' ? null : 'image')),
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

  return (
    <>
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
      {panel === 'link' && (
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
      {panel === 'image' && (
        <ImagePanel
          uploading={uploading}
          onInsert={(src) => {
            insertImage(editor, src);
            setPanel(null);
          }}
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
    </>
  );
}

function LinkPanel({
  initial,
  hasLink,
  onApply,
  onRemove,
  onClose,
}: {
  initial: string;
  hasLink: boolean;
  onApply(href: string): void;
  onRemove(): void;
  onClose(): void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  function apply() {
    const href = normaliseLinkUrl(value);
    if (!href) {
      setError('Ange en giltig adress (https://… eller mailto:…)');
      return;
    }
    onApply(href);
  }
  return (
    <fieldset className="rte-panel">
      <legend className="visually-hidden">Länk</legend>
      <PanelUrlInput
        id={`${id}-url`}
        label="Länkadress"
        value={value}
        invalid={!!error}
        onChange={setValue}
        onEnter={apply}
        onEscape={onClose}
      />
      <button type="button" className="button button-small" onClick={apply}>
        Infoga länk
      </button>
      {hasLink && (
        <button type="button" className="button button-secondary button-small" onClick={onRemove}>
          Ta bort länk
        </button>
      )}
      <button type="button" className="button button-secondary button-small" onClick={onClose}>
        Avbryt
      </button>
      {error && (
        <p className="rte-panel-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ImagePanel({
  uploading,
  onInsert,
  onUpload,
  onClose,
}: {
  uploading: boolean;
  onInsert(src: string): void;
  onUpload(file: File): Promise<void>;
  onClose(): void;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  function insert() {
    const src = normaliseLinkUrl(value);
    if (!src || !/^(https?:\/\/|\/uploads\/)/i.test(src)) {
      setError('Ange bildens adress (https://…)');
      return;
    }
    onInsert(src);
  }
  return (
    <fieldset className="rte-panel">
      <legend className="visually-hidden">Bild</legend>
      <PanelUrlInput
        id={`${id}-url`}
        label="Bildadress"
        value={value}
        invalid={!!error}
        onChange={setValue}
        onEnter={insert}
        onEscape={onClose}
      />
      <button type="button" className="button button-small" onClick={insert}>
        Infoga bild
      </button>
      <span className="rte-panel-or">eller</span>
      <ImageFileButton
        id={`${id}-file`}
        uploading={uploading}
        className="button button-secondary button-small"
        onFile={(file) => void onUpload(file)}
      >
        Ladda upp bild till texten
      </ImageFileButton>
      <button type="button" className="button button-secondary button-small" onClick={onClose}>
        Avbryt
      </button>
      {error && (
        <p className="rte-panel-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The address field of the link and image panels: Enter applies, Escape closes the panel. */
function PanelUrlInput({
  id,
  label,
  value,
  invalid,
  onChange,
  onEnter,
  onEscape,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange(value: string): void;
  onEnter(): void;
  onEscape(): void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value}
        autoFocus
        aria-invalid={invalid || undefined}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            onEscape();
          }
        }}
      />
    </>
  );
}
