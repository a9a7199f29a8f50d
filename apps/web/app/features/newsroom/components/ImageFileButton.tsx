/** The image types the server accepts (it checks the bytes itself; this only filters the picker). */
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * "Choose an image" as a button-styled label over a visually hidden file input (keyboard and
 * screen readers reach the input). The input is emptied after each pick so the same file can be
 * chosen again.
 */
export function ImageFileButton({
  id,
  uploading,
  className,
  children,
  onFile,
}: {
  id: string;
  uploading: boolean;
  className: string;
  children: React.ReactNode;
  onFile(file: File): void;
}) {
  return (
    <>
      <input
        id={id}
        className="file-input visually-hidden"
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={uploading}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label htmlFor={id} className={`${className} file-label`} aria-disabled={uploading || undefined}>
        {children}
      </label>
    </>
  );
}
