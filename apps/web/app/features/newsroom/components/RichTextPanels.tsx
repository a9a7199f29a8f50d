import type { Editor } from '@tiptap/react';
import { IMAGE_TEXT_MAX, NEWSROOM_TEXT } from '@vaggen/contract';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { normaliseLinkUrl } from '../paste';
import type { ImageTexts } from './ImageFigure';
import { ImageFileButton } from './ImageFileButton';

/** The open panel under the editor's toolbar; `texts` edits the image at `pos` (focus: put the cursor in its alt field). */
export type Panel = { kind: 'link' } | { kind: 'image' } | { kind: 'texts'; pos: number; focus: boolean } | null;

/** A panel field's keys: Enter applies, Escape closes the panel. */
function enterOrEscape(onEnter: () => void, onEscape: () => void) {
  return (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onEscape();
    }
  };
}

/**
 * An inline image's alt text, caption and credit (issue 14), asked for as soon as the image is in
 * and editable later by clicking it. Alt text is not forced (the API does not require it either), but
 * its absence is warned about here, under the form and again before "Publicera".
 */
export function ImageTextsPanel({
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
  const keys = enterOrEscape(apply, onClose);
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

/**
 * The link and image panels' frame: the address field, the apply button, what the panel adds
 * (`extra`, given the panel's id), "Avbryt", and the message when the address is refused.
 */
function UrlPanel({
  legend,
  label,
  applyLabel,
  initial = '',
  parse,
  invalidMsg,
  onApply,
  onClose,
  extra,
}: {
  legend: string;
  label: string;
  applyLabel: string;
  initial?: string;
  /** The address to apply, or null when it is refused. */
  parse(value: string): string | null;
  invalidMsg: string;
  onApply(url: string): void;
  onClose(): void;
  extra?: (id: string) => ReactNode;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  function apply() {
    const url = parse(value);
    if (!url) {
      setError(invalidMsg);
      return;
    }
    onApply(url);
  }
  return (
    <fieldset className="rte-panel">
      <legend className="visually-hidden">{legend}</legend>
      <PanelUrlInput
        id={`${id}-url`}
        label={label}
        value={value}
        invalid={!!error}
        onChange={setValue}
        onEnter={apply}
        onEscape={onClose}
      />
      <button type="button" className="button button-small" onClick={apply}>
        {applyLabel}
      </button>
      {extra?.(id)}
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

export function LinkPanel({
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
  return (
    <UrlPanel
      legend="Länk"
      label="Länkadress"
      applyLabel="Infoga länk"
      initial={initial}
      parse={normaliseLinkUrl}
      invalidMsg="Ange en giltig adress (https://… eller mailto:…)"
      onApply={onApply}
      onClose={onClose}
      extra={() =>
        hasLink && (
          <button type="button" className="button button-secondary button-small" onClick={onRemove}>
            Ta bort länk
          </button>
        )
      }
    />
  );
}

export function ImagePanel({
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
  return (
    <UrlPanel
      legend="Bild"
      label="Bildadress"
      applyLabel="Infoga bild"
      parse={(value) => {
        const src = normaliseLinkUrl(value);
        return src && /^(https?:\/\/|\/uploads\/)/i.test(src) ? src : null;
      }}
      invalidMsg="Ange bildens adress (https://…)"
      onApply={onInsert}
      onClose={onClose}
      extra={(id) => (
        <>
          <span className="rte-panel-or">eller</span>
          <ImageFileButton
            id={`${id}-file`}
            uploading={uploading}
            className="button button-secondary button-small"
            onFile={(file) => void onUpload(file)}
          >
            Ladda upp bild till texten
          </ImageFileButton>
        </>
      )}
    />
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
        onKeyDown={enterOrEscape(onEnter, onEscape)}
      />
    </>
  );
}
