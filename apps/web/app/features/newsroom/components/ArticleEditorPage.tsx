import {
  type Article,
  CATEGORIES,
  categoryLabel,
  MSG,
  parseCategory,
  SUCCESS_MESSAGE_MS,
  TITLE_MAX,
  type User,
} from '@vaggen/contract';
import DOMPurify from 'dompurify';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useFlash } from '../../../lib/useFlash';
import { articlePath } from '../../articles';
import type { LoginState } from '../../auth';
import { type ArticleDraft, newsroomApi } from '../api';
import { NEWSROOM_MSG } from '../messages';
import { contentToEditorHtml, hasContent } from '../paste';
import { mayEditArticle } from '../permissions';
import { FeaturedImageField } from './FeaturedImageField';

// TipTap is heavy: it loads only here, after the guard has let a writer or admin in.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Spec 000 §8: after a 401 the editor goes to /login after this long. */
export const LOGIN_REDIRECT_MS = 2000;

/** Location state the editor passes to itself after creating an article. */
interface EditorState {
  saved?: 'created';
}

type Load = { status: 'loading' } | { status: 'ready'; article: Article | null } | { status: 'error'; msg: string };

/** Clean what the editor gets, too (spec 000 §5; TipTap's schema drops the rest anyway). */
function cleanForEditor(html: string): string {
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return html;
  return DOMPurify.sanitize(html, {
    FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form', 'style'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * `/admin/articles/new` and `/admin/articles/edit/{id}` (spec 000 §2): create or edit mode by the
 * route's id. The server checks the role and the ownership again on every save.
 */
export function ArticleEditorPage({ user, id }: { user: User; id: number | null }) {
  const [load, setLoad] = useState<Load>(id === null ? { status: 'ready', article: null } : { status: 'loading' });

  useEffect(() => {
    if (id === null) return;
    let live = true;
    if (!Number.isSafeInteger(id) || id <= 0) {
      setLoad({ status: 'error', msg: MSG.articleNotFound });
      return;
    }
    setLoad({ status: 'loading' });
    newsroomApi
      .get(id)
      .then((article) => live && setLoad({ status: 'ready', article }))
      .catch((err) => {
        console.error('loading the article failed', err);
        if (!live) return;
        const notFound = err instanceof ApiError && err.status === 404;
        setLoad({ status: 'error', msg: notFound ? MSG.articleNotFound : MSG.errorLoadingArticle });
      });
    return () => {
      live = false;
    };
  }, [id]);

  const editing = id !== null;
  return (
    <div className="article-editor">
      <nav className="newsroom-breadcrumb" aria-label="Brödsmulor">
        <Link to="/admin">Redaktionen</Link> <span aria-hidden="true">›</span>{' '}
        <span aria-current="page">{editing ? 'Redigera artikel' : 'Ny artikel'}</span>
      </nav>
      <h1 className="page-title">{editing ? 'Redigera artikel' : 'Ny artikel'}</h1>
      {load.status === 'loading' ? (
        <p role="status">{NEWSROOM_MSG.articleLoading}</p>
      ) : load.status === 'error' ? (
        <div role="alert" className="newsroom-state">
          <p className="form-error">{load.msg}</p>
          <p>
            <Link to="/admin">Tillbaka till redaktionen</Link>
          </p>
        </div>
      ) : load.article && !mayEditArticle(user, load.article) ? (
        <div role="alert" className="newsroom-state">
          <p className="form-error">{MSG.articleEditNotOwn}</p>
          <p>
            <Link to="/admin">Tillbaka till redaktionen</Link>
          </p>
        </div>
      ) : (
        <ArticleForm key={load.article?.id ?? 'new'} article={load.article} />
      )}
    </div>
  );
}

function ArticleForm({ article }: { article: Article | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const editing = article !== null;
  const [title, setTitle] = useState(article?.title ?? '');
  const [category, setCategory] = useState<string>(article ? (parseCategory(article.category) ?? '') : '');
  const [featured, setFeatured] = useState(article?.featured_image ?? '');
  const [initialHtml] = useState(() => (article ? cleanForEditor(contentToEditorHtml(article.content)) : ''));
  const [content, setContent] = useState(initialHtml);
  const [saved, setSaved] = useState<Article | null>(article);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<{ title: boolean; category: boolean; content: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  const [success, flashSuccess] = useFlash(SUCCESS_MESSAGE_MS);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // After "create", the editor reopens itself in edit mode with the success message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if ((location.state as EditorState | null)?.saved === 'created') {
      flashSuccess(NEWSROOM_MSG.created);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, []);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function showError(msg: string) {
    setError(msg);
    // let screen readers and sighted users find it
    requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (sending) return;
    const missing = { title: !title.trim(), category: !category, content: !hasContent(content) };
    if (missing.title || missing.category || missing.content) {
      setInvalid(missing);
      showError(MSG.articleRequired);
      return;
    }
    setInvalid(null);
    setError(null);
    setSending(true);
    const draft: ArticleDraft = {
      title: title.trim(),
      content,
      category,
      featured_image: featured.trim() || null,
    };
    try {
      if (saved) {
        const updated = await newsroomApi.update(saved.id, draft);
        setSaved(updated);
        flashSuccess(NEWSROOM_MSG.updated);
      } else {
        const created = await newsroomApi.create(draft);
        navigate(`/admin/articles/edit/${created.id}`, {
          replace: true,
          state: { saved: 'created' } satisfies EditorState,
        });
        return;
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // Spec 000 §8: the message, then to the login page after 2 seconds (back here after login).
        showError(MSG.articleSaveAuth);
        const state: LoginState = { from: { pathname: location.pathname, search: location.search } };
        clearTimeout(redirectTimer.current);
        redirectTimer.current = setTimeout(() => navigate('/login', { state }), LOGIN_REDIRECT_MS);
      } else {
        const fallback = saved ? MSG.articleUpdateFailed : MSG.articleCreateFailed;
        showError(err instanceof ApiError && err.serverMsg ? err.serverMsg : fallback);
      }
    }
    setSending(false);
  }

  const contentLabelId = `${ids}-content-label`;
  const errorId = `${ids}-error`;
  const described = (bad: boolean | undefined) =>
    bad ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return (
    <form className="article-form" onSubmit={submit} noValidate>
      {saved && (
        <p className="article-form-view">
          <Link to={articlePath(saved)} target="_blank" rel="noopener">
            Visa artikeln
          </Link>{' '}
          <span className="muted">(öppnas i en ny flik)</span>
        </p>
      )}
      <div className="field">
        <label htmlFor={`${ids}-title`}>Rubrik</label>
        <input
          id={`${ids}-title`}
          name="title"
          value={title}
          maxLength={TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          {...described(invalid?.title)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-category`}>Kategori</label>
        <select
          id={`${ids}-category`}
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          {...described(invalid?.category)}
        >
          <option value="">Välj kategori</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <FeaturedImageField value={featured} onChange={setFeatured} />
      <div className="field">
        {/* biome-ignore lint/a11y/noLabelWithoutControl: labels the contenteditable editor via aria-labelledby */}
        <label id={contentLabelId}>Innehåll</label>
        <Suspense
          fallback={
            <p className="rte-loading" role="status">
              Laddar redigeraren...
            </p>
          }
        >
          <RichTextEditor
            initialHtml={initialHtml}
            onChange={setContent}
            labelId={contentLabelId}
            invalid={invalid?.content}
            onError={(msg) => (msg ? showError(msg) : setError(null))}
          />
        </Suspense>
      </div>
      {error && (
        <p ref={errorRef} id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      {success && (
        <p className="form-success" role="status">
          {success}
        </p>
      )}
      <div className="article-form-actions">
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Sparar...' : editing || saved ? 'Spara ändringar' : 'Publicera artikel'}
        </button>
        <Link className="button button-secondary" to="/admin">
          Tillbaka till redaktionen
        </Link>
      </div>
    </form>
  );
}
