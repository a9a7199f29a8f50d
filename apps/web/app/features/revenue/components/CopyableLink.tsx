import { REVENUE_TEXT } from '@vaggen/contract';
import { useId, useState } from 'react';
import { copyText } from '../../../lib/clipboard';

/** One link with a button that copies it (a read-only field the reader can also select by hand). */
export function CopyableLink({ url, label }: { url: string; label: string }) {
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  async function copy() {
    try {
      await copyText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="gift-link-copy">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} className="control" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      <button type="button" className="button" onClick={copy}>
        {REVENUE_TEXT.giftCopy}
      </button>
      <span role="status" className="gift-link-copied">
        {copied === true ? REVENUE_TEXT.giftCopied : copied === false ? 'Markera länken och kopiera den själv' : ''}
      </span>
    </div>
  );
}
