import { NodeSelection, type Transaction } from '@tiptap/pm/state';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { MSG } from '@vaggen/contract';
import { useEffect, useRef, useState } from 'react';
import { UploadError, uploadImage } from '../api';
import { imageUrlOf, pastedUrl } from '../paste';
import { ImageFigure } from './ImageFigure';
import type { Panel } from './RichTextPanels';
import { Toolbar } from './RichTextToolbar';

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
