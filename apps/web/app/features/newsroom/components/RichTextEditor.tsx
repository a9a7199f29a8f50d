import { NodeSelection, type Transaction } from '@tiptap/pm/state';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { IMAGE_TEXT_MAX, MSG, NEWSROOM_TEXT } from '@vaggen/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { UploadError, uploadImage } from '../api';
import { imageUrlOf, normaliseLinkUrl, pastedUrl } from '../paste';
import { ImageFigure, type ImageTexts } from './ImageFigure';
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

/**
 * An image block with a paragraph after it, so that writing (or the next image) goes on below.
 * Returns the image's position, for its texts panel. It inserts at the editor's selection without
 * `focus()`: TipTap focuses in a later animation frame, which would take the focus back from the
 * texts panel's alt field (and never comes in a hidden tab).
 */
function insertImage(editor: Editor, src: string): number | null {
  editor
    .chain()
    .insertContent([{ type: 'image', attrs: { src, alt: '', caption: '', credit: '' } }, { type: 'paragraph' }])
    .run();
  // the cursor is now in the paragraph after the image
  const { $from } = editor.state.selection;
  const start = $from.before($from.depth);
  const before = editor.state.doc.resolve(start).nodeBefore;
  return before?.type.name === 'image' ? start - before.nodeSize : null;
}

/** The open panel under the toolbar; `texts` edits the image at `pos` (focus: put the cursor in its alt field). */
type Panel = { kind: 'link' } | { kind: 'image' } | { kind: 'texts'; pos: number; focus: boolean } | null;

/**
 * The article body editor (TipTap, HTML). Loaded only by the editor route (React.lazy), so the
 * reader pages never download it. Pasting an image URL inserts an image; any other URL becomes a
 * link (spec 000 §2); pasted image files are uploaded.
 */
export default function RichTextEditor({ initialHtml, onChange, labelId, onError, invalid }: RichTextEditorProps) {
  const editorRef = useRef<Editor | null>(null);
  const [uploading, setUploading] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);

  /** Inserts an image and asks for its alt text, caption and credit at once (issue 14). */
  function addImage(src: string) {
    const ed = editorRef.current;
    if (!ed) return;
    const pos = insertImage(ed, src);
    setPanel(pos === null ? null : { kind: 'texts', pos, focus: true });
  }
  const addImageRef = useRef(addImage);
  addImageRef.current = addImage;

  async function uploadInline(file: File) {
    onError(null);
    setUploading(true);
    try {
      const url = await uploadImage(file, { inline: true });
      addImageRef.current(url);
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
      ImageFigure,
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
          addImageRef.current(image);
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
      // clicking an image opens its texts (also when it is already selected)
      handleClickOn: (_view, _pos, node, nodePos, _event, direct) => {
        if (direct && node.type.name === 'image') setPanel({ kind: 'texts', pos: nodePos, focus: false });
        return false;
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

  // The texts panel follows its image as the text around it changes; clicking an image opens it.
  useEffect(() => {
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (!transaction.docChanged) return;
      setPanel((p) => {
        if (p?.kind !== 'texts') return p;
        const mapped = transaction.mapping.mapResult(p.pos, 1);
        return mapped.deleted ? null : mapped.pos === p.pos ? p : { ...p, pos: mapped.pos };
      });
    };
    const onSelection = () => {
      const sel = editor.state.selection;
      if (sel instanceof NodeSelection && sel.node.type.name === 'image')
        setPanel((p) =>
          p?.kind === 'texts' && p.pos === sel.from ? p : { kind: 'texts', pos: sel.from, focus: false },
        );
    };
    editor.on('transaction', onTransaction);
    editor.on('selectionUpdate', onSelection);
    return () => {
      editor.off('transaction', onTransaction);
      editor.off('selectionUpdate', onSelection);
    };
  }, [editor]);

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
      <Toolbar
        editor={editor}
        uploading={uploading}
        panel={panel}
        setPanel={setPanel}
        onInsert={addImage}
        onUpload={uploadInline}
      />
      <EditorContent editor={editor} />
      {uploading && (
        <p className="rte-status" role="status">
          Laddar upp bild...
        </p>
      )}
    </div>
  );
}

function Toolbar({
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

/**
 * An inline image's alt text, caption and credit (issue 14), asked for as soon as the image is in
 * and editable later by clicking it. Alt text is not forced (the API does not require it either), but
 * its absence is warned about here, under the form and again before "Publicera".
 */
function ImageTextsPanel({
  editor,
  pos,
  focus,
  onClose,
}: {
  editor: Editor;
  pos: number;
  focus: boolean;
  onClose(): void;
}) {
  const id = useId();
  const node = editor.state.doc.nodeAt(pos);
  const attrs = (node?.type.name === 'image' ? node.attrs : {}) as Partial<ImageTexts> & { src?: string };
  const [alt, setAlt] = useState(attrs.alt ?? '');
  const [caption, setCaption] = useState(attrs.caption ?? '');
  const [credit, setCredit] = useState(attrs.credit ?? '');
  const altInput = useRef<HTMLInputElement>(null);
  // Alt text first (issue 14), also when the panel is already open for an earlier image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again for each newly inserted image (pos)
  useEffect(() => {
    if (focus) altInput.current?.focus();
  }, [focus, pos]);
  if (node?.type.name !== 'image') return null;

  function apply() {
    editor
      .chain()
      .command(({ tr }) => {
        const current = tr.doc.nodeAt(pos);
        if (current?.type.name !== 'image') return false;
        tr.setNodeMarkup(pos, undefined, {
          ...current.attrs,
          alt: alt.trim(),
          caption: caption.trim(),
          credit: credit.trim(),
        });
        return true;
      })
      .run();
    onClose();
  }
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };
  const missing = !alt.trim();
  return (
    <fieldset className="rte-panel rte-image-texts">
      <legend>Bildens texter</legend>
      {attrs.src && <img className="rte-image-texts-preview" src={attrs.src} alt="" />}
      <div className="rte-image-texts-fields">
        <div className="field">
          <label htmlFor={`${id}-alt`}>Alternativtext (beskriv bilden)</label>
          <input
            className="control"
            id={`${id}-alt`}
            ref={altInput}
            value={alt}
            maxLength={IMAGE_TEXT_MAX}
            autoFocus={focus}
            aria-describedby={missing ? `${id}-alt-help` : undefined}
            onChange={(e) => setAlt(e.target.value)}
            onKeyDown={keys}
          />
          {missing && (
            <p id={`${id}-alt-help`} className="form-warning">
              {NEWSROOM_TEXT.altMissing}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-caption`}>Bildtext</label>
          <input
            className="control"
            id={`${id}-caption`}
            value={caption}
            maxLength={IMAGE_TEXT_MAX}
            onChange={(e) => setCaption(e.target.value)}
            onKeyDown={keys}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-credit`}>Fotograf (visas som ”Foto: …”)</label>
          <input
            className="control"
            id={`${id}-credit`}
            value={credit}
            maxLength={IMAGE_TEXT_MAX}
            onChange={(e) => setCredit(e.target.value)}
            onKeyDown={keys}
          />
        </div>
        <div className="rte-panel-actions">
          <button type="button" className="button button-small" onClick={apply}>
            Spara bildtexter
          </button>
          <button type="button" className="button button-secondary button-small" onClick={onClose}>
            Stäng
          </button>
        </div>
      </div>
    </fieldset>
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
        className="control"
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
