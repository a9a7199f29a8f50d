import { type ArticleStatus, type AutosaveDraft, type NewsroomArticle, parseCategory } from '@vaggen/contract';
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
  // Issue 41: the newsroom's fields
  ingress: string;
  front_headline: string;
  teaser: string;
  slug: string;
  seo_title: string;
  seo_description: string;
  social_title: string;
  social_description: string;
  social_image: string;
  /** "x,y" (0..1 each), or empty: the middle. */
  focal: string;
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
  ingress: article?.ingress ?? '',
  front_headline: article?.front_headline ?? '',
  teaser: article?.teaser ?? '',
  slug: article?.slug ?? '',
  seo_title: article?.seo_title ?? '',
  seo_description: article?.seo_description ?? '',
  social_title: article?.social_title ?? '',
  social_description: article?.social_description ?? '',
  social_image: article?.social_image ?? '',
  focal: article?.featured_image_focal ? `${article.featured_image_focal.x},${article.featured_image_focal.y}` : '',
  kind: article?.kind ?? 'article',
});

/** "x,y" → the focal point, or null (the middle). */
export function parseFocal(v: string): { x: number; y: number } | null {
  const [x, y] = v.split(',').map(Number);
  return x !== undefined &&
    y !== undefined &&
    Number.isFinite(x) &&
    Number.isFinite(y) &&
    x >= 0 &&
    x <= 1 &&
    y >= 0 &&
    y <= 1
    ? { x, y }
    : null;
}

/**
 * The article editor's fields (spec 000 §2, issue 14): their values and wiring (`field(name)` gives a
 * control its name, value and change handler in one spread), the body's HTML, the tag suggestions
 * for the word being typed, what is missing, and the draft the API takes.
 */
export function useArticleFields(article: NewsroomArticle | null, restored: AutosaveDraft | null = null) {
  // Issue 41: the form as the article was saved (what "unsaved changes" are measured against) …
  const [saved] = useState<AutosaveDraft>(() => ({
    ...valuesOf(article),
    content: article ? cleanForEditor(contentToEditorHtml(article.content)) : '',
  }));
  // … and as it opens: the same, or a working copy the writer chose to get back.
  const [values, setValues] = useState<ArticleFieldValues>(() => {
    if (!restored) return valuesOf(article);
    const { content: _content, ...fields } = restored;
    return fields;
  });
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [initialHtml] = useState(() => (restored ? cleanForEditor(restored.content) : saved.content));
  const [content, setContent] = useState(initialHtml);

  const set = (name: TextField) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  /** `htmlName`: the control's `name` when it is not the field's own (null: none). */
  const field = (name: TextField, htmlName: string | null = name) => ({
    name: htmlName ?? undefined,
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(name)(e.target.value),
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
    ingress: values.ingress.trim() || null,
    front_headline: values.front_headline.trim() || null,
    teaser: values.teaser.trim() || null,
    seo_title: values.seo_title.trim() || null,
    seo_description: values.seo_description.trim() || null,
    social_title: values.social_title.trim() || null,
    social_description: values.social_description.trim() || null,
    social_image: values.social_image.trim() || null,
    featured_image_focal: parseFocal(values.focal),
    // the address only when the editor changed it (else a new headline moves it, as before)
    ...(article && values.slug.trim() && values.slug.trim() !== article.slug ? { slug: values.slug.trim() } : {}),
    kind: values.kind === 'live' ? 'live' : 'article',
  });

  /** The form as typed, for the working copy (issue 41). */
  const form: AutosaveDraft = { ...values, content };

  return { values, field, set, suggestions, tagPrefix, initialHtml, content, setContent, missing, draft, form, saved };
}
