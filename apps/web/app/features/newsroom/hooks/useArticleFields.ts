import { type ArticleStatus, type NewsroomArticle, parseCategory } from '@vaggen/contract';
import DOMPurify from 'dompurify';
import { useEffect, useState } from 'react';
import { type ArticleDraft, newsroomApi } from '../api';
import { contentToEditorHtml, hasContent } from '../paste';
import { isoToStockholmLocal } from '../schedule';

/** The article form's text fields, as typed. */
export interface ArticleFieldValues {
  title: string;
  category: string;
  featured: string;
  alt: string;
  caption: string;
  credit: string;
  /** Comma-separated, as typed. */
  tags: string;
  byline: string;
  /** The "Schemalägg" time, Stockholm local (`datetime-local`). */
  when: string;
  /** Issue 44: `article` or `live` (a live report). */
  kind: string;
}
type TextField = keyof ArticleFieldValues;

/** Clean what the editor gets, too (spec 000 §5; TipTap's schema drops the rest anyway). */
function cleanForEditor(html: string): string {
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'style'],
    FORBID_ATTR: ['style'],
  });
}

const valuesOf = (article: NewsroomArticle | null): ArticleFieldValues => ({
  title: article?.title ?? '',
  category: article ? (parseCategory(article.category) ?? '') : '',
  featured: article?.featured_image ?? '',
  alt: article?.featured_image_alt ?? '',
  caption: article?.featured_image_caption ?? '',
  credit: article?.featured_image_credit ?? '',
  tags: (article?.tags ?? []).join(', '),
  // the stored free byline, not `authors`: a deleted co-author's name stays there as text (decision 027)
  byline: article?.byline ?? '',
  when: article?.publish_at ? isoToStockholmLocal(article.publish_at) : '',
  kind: article?.kind ?? 'article',
});

/**
 * The article editor's fields (spec 000 §2, issue 14): their values and wiring (`field(name)` gives a
 * control its name, value and change handler in one spread), the body's HTML, the tag suggestions
 * for the word being typed, what is missing, and the draft the API takes.
 */
export function useArticleFields(article: NewsroomArticle | null) {
  const [values, setValues] = useState<ArticleFieldValues>(() => valuesOf(article));
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [initialHtml] = useState(() => (article ? cleanForEditor(contentToEditorHtml(article.content)) : ''));
  const [content, setContent] = useState(initialHtml);

  const set = (name: TextField) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  /** `htmlName`: the control's `name` when it is not the field's own (null: none). */
  const field = (name: TextField, htmlName: string | null = name) => ({
    name: htmlName ?? undefined,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => set(name)(e.target.value),
  });

  // Autocomplete from the tags already in use (the word being typed after the last comma).
  const { tags } = values;
  const typing = tags.split(',').pop()?.trim() ?? '';
  useEffect(() => {
    if (typing.length < 1) return setSuggestions([]);
    let live = true;
    const t = setTimeout(() => {
      newsroomApi
        .tags(typing)
        .then((list) => live && setSuggestions(list))
        .catch(() => live && setSuggestions([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [typing]);
  const tagPrefix = tags.includes(',') ? `${tags.slice(0, tags.lastIndexOf(',') + 1)} ` : '';

  /** The required fields that are empty (spec 000 §8: "Titel, innehåll och kategori krävs"). */
  const missing = () => ({ title: !values.title.trim(), category: !values.category, content: !hasContent(content) });

  /** The fields as the API takes them, with the status to save, the schedule time and the version known. */
  const draft = (
    status: ArticleStatus,
    publishAt: string | null | undefined,
    version: number | undefined,
  ): ArticleDraft => ({
    title: values.title.trim(),
    content,
    category: values.category,
    featured_image: values.featured.trim() || null,
    status,
    ...(publishAt ? { publish_at: publishAt } : {}),
    ...(version !== undefined ? { version } : {}),
    tags: values.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    byline: values.byline.trim() || null,
    featured_image_alt: values.alt.trim() || null,
    featured_image_caption: values.caption.trim() || null,
    featured_image_credit: values.credit.trim() || null,
    kind: values.kind === 'live' ? 'live' : 'article',
  });

  return { values, field, set, suggestions, tagPrefix, initialHtml, content, setContent, missing, draft };
}
