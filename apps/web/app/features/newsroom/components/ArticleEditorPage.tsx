import {
  ARTICLE_ACCESS,
  ARTICLE_STATUS_LABELS,
  type Article,
  type ArticleAccess,
  type ArticleStatus,
  AUTOSAVE_NEW,
  AUTOSAVE_TEXT,
  type Autosave,
  BYLINE_MAX,
  CORRECTION_PROMPT_CHARS,
  changedChars,
  contentToText,
  formatShortDateTime,
  IMAGE_TEXT_MAX,
  INGRESS_MAX,
  LIVE_TEXT,
  liveDeskPath,
  MSG,
  mayEditArticle,
  NEWSROOM_TEXT,
  type NewsroomArticle,
  REVENUE_TEXT,
  REVIEW_TEXT,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  SLUG_MAX,
  SOCIAL_DESCRIPTION_MAX,
  SOCIAL_TITLE_MAX,
  SUCCESS_MESSAGE_MS,
  TEASER_MAX,
  TITLE_MAX,
  type User,
} from '@vaggen/contract';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumbs } from '../../../components/Breadcrumbs';
import { CategoryOptions } from '../../../components/CategoryOptions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormSuccess, InputField } from '../../../components/FormField';
import { PushPanel } from '../../../components/PushPanel';
import { ApiError } from '../../../lib/api';
import { articlePath } from '../../../lib/paths';
import type { LoginState } from '../../../lib/session';
import { useFlash } from '../../../lib/useFlash';
import { newsroomApi } from '../api';
import { useArticleFields } from '../hooks/useArticleFields';
import { dropUnsaved, findUnsaved, useAutosave } from '../hooks/useAutosave';
import { imagesWithoutAlt } from '../image-texts';
import { NEWSROOM_MSG } from '../messages';
import { reviewApi } from '../review-api';
import { stockholmLocalToIso } from '../schedule';
import { type SaveAction, statusToSend } from '../workflow';
import { EditorActions } from './EditorActions';
import { FeaturedImageField } from './FeaturedImageField';
import { FocalPointField } from './FocalPointField';
import { ArticleLoadState, NewsroomState } from './NewsroomState';
import { RevisionsPanel } from './RevisionsPanel';

// TipTap is heavy: it loads only here, after the guard has let a writer or admin in.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** Spec 000 §8: after a 401 the editor goes to /login after this long. */
export const LOGIN_REDIRECT_MS = 2000;

/** Location state the editor passes to itself after creating an article. */
interface EditorState {
  saved?: 'created' | 'draft' | 'scheduled' | 'unpublished' | 'review';
}

const SAVED_MSG: Record<NonNullable<EditorState['saved']> | ArticleStatus, string> = {
  created: NEWSROOM_MSG.created,
  published: NEWSROOM_MSG.created,
  draft: 'Utkastet har sparats.',
  scheduled: 'Artikeln är schemalagd.',
  unpublished: 'Artikeln är avpublicerad.',
  review: REVIEW_TEXT.sentForReview,
};

type Load =
  | { status: 'loading' }
  | { status: 'ready'; article: NewsroomArticle | null }
  | { status: 'error'; msg: string };

/**
 * `/admin/articles/new` and `/admin/articles/edit/{id}` (spec 000 §2): create or edit mode by the
 * route's id. The server checks the role and the ownership again on every save.
 */
export function ArticleEditorPage({
  user,
  id,
  moderation,
}: {
  user: User;
  id: number | null;
  /** Below a saved article: its comment moderation (the route passes the moderation feature's panel). */
  moderation: (articleId: number) => ReactNode;
}) {
  const [load, setLoad] = useState<Load>(id === null ? { status: 'ready', article: null } : { status: 'loading' });
  // Issue 41: a working copy the writer chose to get back (the form reopens with it).
  const [restored, setRestored] = useState<{ copy: Autosave; n: number } | null>(null);

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
      <Breadcrumbs current={editing ? 'Redigera artikel' : 'Ny artikel'} />
      <h1 className="page-title">{editing ? 'Redigera artikel' : 'Ny artikel'}</h1>
      {load.status !== 'ready' ? (
        <ArticleLoadState load={load} />
      ) : load.article && !mayEditArticle(user, load.article) ? (
        <NewsroomState msg={MSG.articleEditNotOwn} />
      ) : (
        <ArticleForm
          key={`${load.article?.id ?? 'new'}-${load.article?.version ?? 0}-${restored?.n ?? 0}`}
          article={load.article}
          restored={restored?.copy ?? null}
          onReplace={(article) => {
            setRestored(null);
            setLoad({ status: 'ready', article });
          }}
          onRestore={(copy) => setRestored((r) => ({ copy, n: (r?.n ?? 0) + 1 }))}
          moderation={moderation}
        />
      )}
      {/* issue 44: a breaking-news push for a published article (admins; the server checks again) */}
      {load.status === 'ready' && load.article?.status === 'published' && user.account_type === 'admin' && (
        <PushPanel key={load.article.id} article={load.article} defaultBody={load.article.excerpt ?? ''} />
      )}
    </div>
  );
}

function ArticleForm({
  article,
  restored,
  onReplace,
  onRestore,
  moderation,
}: {
  article: NewsroomArticle | null;
  /** Issue 41: the working copy to open with instead of the saved article. */
  restored: Autosave | null;
  onReplace(a: NewsroomArticle): void;
  onRestore(copy: Autosave): void;
  moderation: (articleId: number) => ReactNode;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const fields = useArticleFields(article, restored?.draft ?? null);
  const { values, field, suggestions, tagPrefix, initialHtml, content, setContent } = fields;
  const { featured, alt, when } = values;
  // A copy made before someone else's save is saved with the version it was made on: the save
  // then asks which version counts (409), as the autosave did.
  const [saved, setSaved] = useState<Article | null>(() =>
    article && restored?.base_version ? { ...article, version: restored.base_version } : article,
  );
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ msg: string; action: SaveAction } | null>(null);
  const slot = article?.id ?? AUTOSAVE_NEW;
  const autosave = useAutosave({
    slot,
    baseVersion: saved?.version ?? null,
    draft: fields.form,
    saved: fields.saved,
    paused: conflict !== null,
    onConflict: (msg) => setConflict({ msg, action: 'keep' }),
  });
  const [unsaved, setUnsaved] = useState<Autosave | null>(null);
  // On opening: a copy that was never saved (a crash, a closed tab, a lost connection)?
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (restored) return;
    let live = true;
    findUnsaved(slot, fields.form).then((copy) => live && setUnsaved(copy));
    return () => {
      live = false;
    };
  }, []);
  const [invalid, setInvalid] = useState<{ title: boolean; category: boolean; content: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  // issue 42: who reads the whole article (saved with every save)
  const [access, setAccess] = useState<ArticleAccess>(article?.access ?? 'free');
  const [success, flashSuccess] = useFlash(SUCCESS_MESSAGE_MS);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Issue 41: publishing asks first; a writer who must send for review gets that button instead.
  const [confirmingPublish, setConfirmingPublish] = useState(false);
  // Issue 43: a published article changed by more than a typo: is it a correction?
  const [askCorrection, setAskCorrection] = useState(false);
  const [mustReview, setMustReview] = useState(false);
  useEffect(() => {
    let live = true;
    reviewApi
      .policy()
      .then((p) => live && setMustReview(p.must_send_for_review))
      .catch(() => {}); // the server refuses a publish anyway (403 with its message)
    return () => {
      live = false;
    };
  }, []);

  // After "create", the editor reopens itself in edit mode with the success message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    const state = location.state as EditorState | null;
    if (state?.saved) {
      flashSuccess(SAVED_MSG[state.saved]);
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, []);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  function showError(msg: string) {
    setError(msg);
    // let screen readers and sighted users find it
    requestAnimationFrame(() => errorRef.current?.scrollIntoView?.({ block: 'nearest' }));
  }

  const missingAlt = imagesWithoutAlt(featured, alt, content);
  const status: ArticleStatus | null = saved?.status ?? null;

  /** The spec's required fields (spec 000 §5); false after showing the message. */
  function requiredFilled(): boolean {
    const missing = fields.missing();
    if (missing.title || missing.category || missing.content) {
      setInvalid(missing);
      showError(MSG.articleRequired);
      return false;
    }
    return true;
  }

  /** How much a save would change of what readers have read (headline and text, as plain text). */
  function changeToPublished(): number {
    if (!saved || saved.status !== 'published') return 0;
    const now = `${fields.values.title.trim()}\n${contentToText(content)}`;
    return changedChars(`${saved.title}\n${contentToText(saved.content)}`, now);
  }

  /** Saves; a published article changed by more than a typo first asks whether it is a correction (issue 43). */
  function saveChecked(action: SaveAction) {
    if (action === 'keep' && changeToPublished() > CORRECTION_PROMPT_CHARS && requiredFilled()) {
      setAskCorrection(true);
      return;
    }
    void save(action);
  }

  async function save(action: SaveAction, overwriteVersion?: number): Promise<boolean> {
    if (sending) return false;
    if (!requiredFilled()) return false;
    let publishAt: string | null | undefined;
    if (action === 'scheduled' || (action === 'keep' && status === 'scheduled')) {
      publishAt = stockholmLocalToIso(when);
      if (!publishAt) {
        showError(when ? NEWSROOM_TEXT.scheduleBadTime : NEWSROOM_TEXT.scheduleNeedsTime);
        return false;
      }
    }
    setInvalid(null);
    setError(null);
    setConflict(null);
    setSending(true);
    // always explicit: a save without a status would publish (decision 019)
    const draft = {
      ...fields.draft(statusToSend(action, status), publishAt, saved ? (overwriteVersion ?? saved.version) : undefined),
      access,
    };
    try {
      if (saved) {
        const updated = await newsroomApi.update(saved.id, draft);
        setSaved(updated);
        autosave.markSaved();
        flashSuccess(
          action === 'keep' || action === status
            ? NEWSROOM_MSG.updated
            : SAVED_MSG[action as Exclude<SaveAction, 'keep'>],
        );
        setSending(false);
        return true;
      } else {
        const created = await newsroomApi.create(draft);
        autosave.markSaved();
        autosave.allowLeave();
        navigate(`/admin/articles/edit/${created.id}`, {
          replace: true,
          state: { saved: created.status === 'published' ? 'created' : created.status } satisfies EditorState,
        });
        return true;
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        // Spec 000 §8: the message, then to the login page after 2 seconds (back here after login).
        showError(MSG.articleSaveAuth);
        const state: LoginState = { from: { pathname: location.pathname, search: location.search } };
        clearTimeout(redirectTimer.current);
        redirectTimer.current = setTimeout(() => {
          autosave.allowLeave({ keepCopy: true }); // offered back after the login
          navigate('/login', { state });
        }, LOGIN_REDIRECT_MS);
      } else if (err instanceof ApiError && err.status === 409) {
        setConflict({ msg: err.serverMsg || NEWSROOM_TEXT.conflictPlain, action });
      } else {
        const fallback = saved ? MSG.articleUpdateFailed : MSG.articleCreateFailed;
        showError(err instanceof ApiError && err.serverMsg ? err.serverMsg : fallback);
      }
    }
    setSending(false);
    return false;
  }

  /** After a 409: their version into the editor (ours is dropped) … */
  async function loadTheirs() {
    if (!saved) return;
    try {
      onReplace(await newsroomApi.get(saved.id));
    } catch {
      showError(MSG.errorLoadingArticle);
    }
  }
  /** … or ours saved over theirs, knowingly (with the version we now know of). */
  async function overwrite() {
    if (!saved || !conflict) return;
    try {
      const theirs = await newsroomApi.get(saved.id);
      await save(conflict.action, theirs.version);
    } catch {
      showError(MSG.errorLoadingArticle);
    }
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (saved) saveChecked('keep');
    else void save('draft');
  }

  const contentLabelId = `${ids}-content-label`;
  const errorId = `${ids}-error`;
  const altHelpId = `${ids}-alt-help`;
  const described = (bad: boolean | undefined) =>
    bad ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  /** One of the save buttons besides the form's submit (each disabled while a save is on its way). */
  const action = (className: string, label: string, run: () => void) => (
    <button type="button" className={className} disabled={sending} onClick={run}>
      {label}
    </button>
  );

  return (
    <form className="article-form surface" onSubmit={submit} noValidate>
      {unsaved && (
        <section className="autosave-recover" aria-labelledby={`${ids}-recover`}>
          <h2 id={`${ids}-recover`}>{AUTOSAVE_TEXT.recoverHeading}</h2>
          <p>{AUTOSAVE_TEXT.recoverBody(formatShortDateTime(unsaved.saved_at))}</p>
          {(unsaved.stale || (saved !== null && unsaved.base_version !== saved.version)) && (
            <p className="form-warning">{AUTOSAVE_TEXT.recoverStale}</p>
          )}
          <div className="article-form-actions">
            <button type="button" className="button" onClick={() => onRestore(unsaved)}>
              {AUTOSAVE_TEXT.recover}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                dropUnsaved(slot);
                setUnsaved(null);
              }}
            >
              {AUTOSAVE_TEXT.discard}
            </button>
          </div>
        </section>
      )}
      {saved && (
        <p className="article-form-view">
          <span className={`status-badge status-${saved.status}`} data-status={saved.status}>
            {ARTICLE_STATUS_LABELS[saved.status]}
          </span>{' '}
          {saved.status === 'published' ? (
            <Link to={articlePath(saved)} target="_blank" rel="noopener">
              Visa artikeln
            </Link>
          ) : (
            <Link to={`/admin/articles/preview/${saved.id}`} target="_blank" rel="noopener">
              Förhandsgranska
            </Link>
          )}{' '}
          <span className="muted">(öppnas i en ny flik)</span>
          {/* issue 45: the article's curve since publication and where its readers came from */}
          {saved.status === 'published' && (
            <>
              {' · '}
              <Link to={`/admin/statistik?artikel=${saved.id}`}>Artikelns statistik</Link>
            </>
          )}
        </p>
      )}
      <InputField
        id={`${ids}-title`}
        label="Rubrik"
        {...field('title')}
        maxLength={TITLE_MAX}
        invalid={invalid?.title}
        errorId={errorId}
      />
      <div className="field">
        <label htmlFor={`${ids}-ingress`}>Ingress</label>
        <textarea
          className="control"
          id={`${ids}-ingress`}
          rows={3}
          maxLength={INGRESS_MAX}
          aria-describedby={`${ids}-ingress-hint`}
          {...field('ingress')}
        />
        <p id={`${ids}-ingress-hint`} className="field-hint">
          Den feta inledningen under rubriken. Används också som utdrag i listorna.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-category`}>Kategori</label>
        <select className="control" id={`${ids}-category`} {...field('category')} {...described(invalid?.category)}>
          <CategoryOptions empty="Välj kategori" />
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-kind`}>{LIVE_TEXT.kindLabel}</label>
        <select className="control" id={`${ids}-kind`} {...field('kind')}>
          <option value="article">{LIVE_TEXT.kindArticle}</option>
          <option value="live">{LIVE_TEXT.kindLive}</option>
        </select>
        <label htmlFor={`${ids}-access`}>{REVENUE_TEXT.accessLabel}</label>
        <select
          className="control"
          id={`${ids}-access`}
          value={access}
          onChange={(e) => setAccess(e.target.value as ArticleAccess)}
          aria-describedby={`${ids}-access-hint`}
        >
          {ARTICLE_ACCESS.map((a) => (
            <option key={a} value={a}>
              {REVENUE_TEXT.access[a]}
            </option>
          ))}
        </select>
        <p className="muted" id={`${ids}-access-hint`}>
          Betalväggen står efter första stycket, eller där du lägger en avdelare (horisontell linje med data-paywall).
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-tags`}>Taggar (skilj med komma)</label>
        <input className="control" id={`${ids}-tags`} {...field('tags')} list={`${ids}-tag-list`} autoComplete="off" />
        <datalist id={`${ids}-tag-list`}>
          {suggestions.map((s) => (
            <option key={s} value={`${tagPrefix}${s}`} />
          ))}
        </datalist>
      </div>
      <InputField
        id={`${ids}-byline`}
        label="Fri byline (t.ex. TT; tomt = skribenten)"
        {...field('byline')}
        maxLength={BYLINE_MAX}
      />
      <details className="desk-fields" open={Boolean(values.front_headline || values.teaser)}>
        <summary>Förstasidan: egen rubrik och puff</summary>
        <InputField
          id={`${ids}-front-headline`}
          label="Rubrik på förstasidan (tomt = artikelns rubrik)"
          {...field('front_headline')}
          maxLength={TITLE_MAX}
        />
        <div className="field">
          <label htmlFor={`${ids}-teaser`}>Puff (tomt = ingressen eller början av texten)</label>
          <textarea className="control" id={`${ids}-teaser`} rows={2} maxLength={TEASER_MAX} {...field('teaser')} />
        </div>
      </details>
      <details className="desk-fields" open={Boolean(values.seo_title || values.social_title)}>
        <summary>Sökmotorer, delning och adress</summary>
        <InputField
          id={`${ids}-seo-title`}
          label="Titel i sökmotorer (tomt = rubriken)"
          {...field('seo_title')}
          maxLength={SEO_TITLE_MAX}
        />
        <div className="field">
          <label htmlFor={`${ids}-seo-description`}>Beskrivning i sökmotorer (tomt = utdraget)</label>
          <textarea
            className="control"
            id={`${ids}-seo-description`}
            rows={2}
            maxLength={SEO_DESCRIPTION_MAX}
            {...field('seo_description')}
          />
        </div>
        <InputField
          id={`${ids}-social-title`}
          label="Rubrik vid delning i sociala medier (tomt = rubriken)"
          {...field('social_title')}
          maxLength={SOCIAL_TITLE_MAX}
        />
        <div className="field">
          <label htmlFor={`${ids}-social-description`}>Text vid delning (tomt = beskrivningen)</label>
          <textarea
            className="control"
            id={`${ids}-social-description`}
            rows={2}
            maxLength={SOCIAL_DESCRIPTION_MAX}
            {...field('social_description')}
          />
        </div>
        <InputField
          id={`${ids}-social-image`}
          label="Bild vid delning, adress (tomt = huvudbilden)"
          {...field('social_image')}
          maxLength={2000}
        />
        {saved && (
          <div className="field">
            <label htmlFor={`${ids}-slug`}>Adress</label>
            <div className="slug-field">
              <span aria-hidden="true">/article/</span>
              <input
                className="control"
                id={`${ids}-slug`}
                {...field('slug')}
                maxLength={SLUG_MAX}
                aria-describedby={`${ids}-slug-hint`}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <p id={`${ids}-slug-hint`} className="field-hint">
              Små bokstäver a–z, siffror och bindestreck. Den gamla adressen skickas vidare till den nya.
            </p>
          </div>
        )}
      </details>
      <FeaturedImageField value={featured} onChange={fields.set('featured')} />
      {featured.trim() && (
        <fieldset className="image-texts">
          <legend>Huvudbildens texter</legend>
          <div className="field">
            <label htmlFor={`${ids}-alt`}>Alternativtext (beskriv bilden)</label>
            <input
              className="control"
              id={`${ids}-alt`}
              {...field('alt', 'featured_image_alt')}
              maxLength={IMAGE_TEXT_MAX}
              aria-describedby={alt.trim() ? undefined : altHelpId}
            />
            {!alt.trim() && (
              <p id={altHelpId} className="form-warning">
                {NEWSROOM_TEXT.altMissing}
              </p>
            )}
          </div>
          <InputField id={`${ids}-caption`} label="Bildtext" {...field('caption', null)} maxLength={IMAGE_TEXT_MAX} />
          <InputField
            id={`${ids}-credit`}
            label="Fotograf (visas som ”Foto: …”)"
            {...field('credit', null)}
            maxLength={IMAGE_TEXT_MAX}
          />
          <FocalPointField image={featured.trim()} value={values.focal} onChange={fields.set('focal')} />
        </fieldset>
      )}
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
      {/* a writer who must send for review cannot schedule (issue 41) */}
      {!mustReview && (
        <InputField
          id={`${ids}-when`}
          label="Publiceringstid (svensk tid) för Schemalägg"
          type="datetime-local"
          {...field('when', 'publish_at')}
        />
      )}
      {error && (
        <p ref={errorRef} id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}
      {conflict && (
        <div className="edit-conflict" role="alert">
          <p className="form-error">{conflict.msg}</p>
          <div className="article-form-actions">
            <button type="button" className="button button-secondary" onClick={() => void loadTheirs()}>
              Ladda deras version
            </button>
            <button type="button" className="button button-danger" onClick={() => void overwrite()}>
              Skriv över med min version
            </button>
          </div>
        </div>
      )}
      <FormSuccess msg={success} />
      {missingAlt > 0 && (
        <p className="form-warning alt-warning" data-missing-alt={missingAlt}>
          {missingAlt === 1 ? NEWSROOM_TEXT.altMissing : NEWSROOM_TEXT.altMissingConfirm.split('.')[0]}
        </p>
      )}
      <p className="autosave-status muted" role="status" data-autosave={autosave.state.kind}>
        {autosave.state.kind === 'saving'
          ? AUTOSAVE_TEXT.saving
          : autosave.state.kind === 'saved'
            ? AUTOSAVE_TEXT.savedAt(formatShortDateTime(autosave.state.at).slice(11))
            : autosave.state.kind === 'failed'
              ? AUTOSAVE_TEXT.failed
              : autosave.state.kind === 'paused'
                ? AUTOSAVE_TEXT.paused
                : ''}
      </p>
      <EditorActions
        status={status}
        sending={sending}
        mustReview={mustReview}
        onSave={saveChecked}
        onPublish={confirmPublish}
      />
      <ConfirmDialog
        open={confirmingPublish}
        title="Publicera artikeln?"
        confirmLabel="Publicera nu"
        pending={sending}
        onConfirm={() => {
          setConfirmingPublish(false);
          void save('published');
        }}
        onCancel={() => setConfirmingPublish(false)}
      >
        <p>”{fields.values.title.trim()}” blir synlig för alla läsare direkt.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={askCorrection}
        title="Är ändringen en rättelse?"
        confirmLabel="Ja, spara och skriv en rättelse"
        pending={sending}
        onConfirm={async () => {
          setAskCorrection(false);
          if (saved && (await save('keep'))) {
            autosave.allowLeave();
            navigate(`/admin/articles/${saved.id}/rattelser`);
          }
        }}
        onCancel={() => setAskCorrection(false)}
      >
        <p>
          Du har ändrat mer än ett stavfel i en publicerad artikel. Rättar ändringen ett fel ska läsarna få veta det i
          en rättelse överst i artikeln (pressetiska regler).
        </p>
        <p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setAskCorrection(false);
              void save('keep');
            }}
          >
            Nej, spara som en uppdatering
          </button>
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={autosave.blocker.state === 'blocked'}
        title={AUTOSAVE_TEXT.leaveTitle}
        confirmLabel={AUTOSAVE_TEXT.leave}
        cancelLabel={AUTOSAVE_TEXT.stay}
        onConfirm={() => {
          autosave.allowLeave({ keepCopy: true });
          autosave.blocker.proceed?.();
        }}
        onCancel={() => autosave.blocker.reset?.()}
      >
        <p>{AUTOSAVE_TEXT.leaveBody}</p>
      </ConfirmDialog>
      {saved?.kind === 'live' && (
        <p className="editor-live-desk">
          <Link className="button" to={liveDeskPath(saved.id)}>
            {LIVE_TEXT.openDesk}
          </Link>
        </p>
      )}
      {saved && moderation(saved.id)}
      {saved && <RevisionsPanel article={saved} onRestored={onReplace} />}
    </form>
  );

  /**
   * Publishing asks first (issue 41), after the required fields; images that lack alt text ask
   * about that before (issue 14).
   */
  function confirmPublish() {
    if (sending || !requiredFilled()) return;
    if (missingAlt > 0 && !window.confirm(NEWSROOM_TEXT.altMissingConfirm)) return;
    setConfirmingPublish(true);
  }
}
