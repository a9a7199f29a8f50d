import { isHtmlContent, plainTextParagraphs } from '@vaggen/contract';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { fillImageAlts } from '../image-alts';

/**
 * Article content: HTML cleaned before display (spec 000 §5; the server cleaned it on write and on
 * render, the browser cleans it again with DOMPurify), or plain text split into paragraphs. Inline
 * images without alt text get their caption or the title as alt (issue 14).
 */
export function ArticleBody({ content, title }: { content: string; title: string }) {
  const html = useMemo(() => {
    if (!isHtmlContent(content)) return null;
    const filled = fillImageAlts(content, title);
    if (typeof window === 'undefined' || !DOMPurify.isSupported) return filled;
    return DOMPurify.sanitize(filled, {
      FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'style'],
      FORBID_ATTR: ['style'],
    });
  }, [content, title]);
  if (html === null) {
    return (
      <div className="article-content">
        {plainTextParagraphs(content).map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity but their order
          <p key={i}>{p}</p>
        ))}
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server and again here
  return <div className="article-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
