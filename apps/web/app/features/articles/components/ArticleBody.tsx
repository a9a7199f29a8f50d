import { isHtmlContent, plainTextParagraphs } from '@vaggen/contract';
import { use, useMemo, useState } from 'react';
import { isHydrated } from '../../../lib/hydration';
import { fillImageAlts } from '../image-alts';
import { articleSanitizerReady, loadArticleSanitizer, sanitizeArticleHtml } from '../sanitize';

/**
 * Article content: HTML cleaned before display (spec 000 §5; the server cleaned it on write and on
 * render, the browser cleans it again with DOMPurify), or plain text split into paragraphs. Inline
 * images without alt text get their caption or the title as alt (issue 14).
 * The body the server rendered stays as it is while React hydrates it, so DOMPurify is fetched only
 * for a body the browser renders itself (a client navigation, the preview): the render waits for it.
 */
export function ArticleBody({ content, title }: { content: string; title: string }) {
  // The content this body showed when it was hydrated (the server's own HTML), if it was.
  const [served] = useState(() => (typeof window !== 'undefined' && !isHydrated() ? content : null));
  const browserRendered = typeof window !== 'undefined' && content !== served && isHtmlContent(content);
  if (browserRendered && !articleSanitizerReady()) use(loadArticleSanitizer());
  const html = useMemo(() => {
    if (!isHtmlContent(content)) return null;
    const filled = fillImageAlts(content, title);
    return browserRendered ? sanitizeArticleHtml(filled) : filled;
  }, [content, title, browserRendered]);
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
