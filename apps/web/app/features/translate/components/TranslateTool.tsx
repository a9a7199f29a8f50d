import { TRANSLATE_MSG } from '@vaggen/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveFile } from '../../../lib/save-file';
import { useTranslateSettings } from '../hooks/useTranslateSettings';
import { docxFileName } from '../lib/format';
import { pageRangeError, pagesInRanges, parsePageNumber } from '../lib/page-range';
import type { PdfDocument } from '../lib/pdf';
import { joinPages } from '../lib/pdf-text';
import type { SpecialWord } from '../lib/special-words';
import { translateText } from '../lib/translate-text';
import { ExtractStep, type RangeField } from './ExtractStep';
import { ReviewStep, type ReviewView } from './ReviewStep';
import { SettingsStep } from './SettingsStep';
import { type JobView, TranslateStep } from './TranslateStep';
import { type FileState, UploadStep } from './UploadStep';

// pdf.js (with its worker) and docx are loaded only when the user needs them, on this page only.
const loadPdf = () => import('../lib/pdf');
const loadDocx = () => import('../lib/docx');

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The five steps of spec 001 §2: upload, extract, settings, translate, review and export. */
export function TranslateTool({ userId }: { userId: number }) {
  const settingsState = useTranslateSettings(userId);
  const { settings, apiKey } = settingsState;

  const [file, setFile] = useState<FileState>({ status: 'idle' });
  const docRef = useRef<PdfDocument | null>(null);
  const fileGeneration = useRef(0);

  const nextRangeId = useRef(1);
  const [ranges, setRanges] = useState<RangeField[]>([]);
  const [extractProgress, setExtractProgress] = useState<{ done: number; total: number } | null>(null);
  const [extractError, setExtractError] = useState<string | null>(null);
  const [extracted, setExtracted] = useState(false);
  const [text, setText] = useState('');

  const [specialWords, setSpecialWords] = useState<SpecialWord[]>([]);

  const [job, setJob] = useState<JobView>({ status: 'idle' });
  const [translation, setTranslation] = useState('');
  const [translateError, setTranslateError] = useState<string | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  const [view, setView] = useState<ReviewView>('original');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const resetTranslation = useCallback(() => {
    abortRef.current?.abort();
    setJob({ status: 'idle' });
    setTranslation('');
    setTranslateError(null);
    setView('original');
  }, []);

  // Leaving the page stops a running translation and frees the PDF.
  useEffect(
    () => () => {
      abortRef.current?.abort();
      void docRef.current?.destroy();
    },
    [],
  );

  const onFile = useCallback(
    async (f: File | null) => {
      const gen = ++fileGeneration.current;
      const old = docRef.current;
      docRef.current = null;
      void old?.destroy();
      setExtractError(null);
      setExtracted(false);
      setText('');
      setRanges([]);
      resetTranslation();
      if (!f) {
        setFile({ status: 'idle' });
        return;
      }
      if (f.type !== 'application/pdf') {
        setFile({ status: 'error', message: TRANSLATE_MSG.notPdf });
        return;
      }
      setFile({ status: 'loading', name: f.name });
      try {
        const { openPdf } = await loadPdf();
        const doc = await openPdf(f);
        if (gen !== fileGeneration.current) {
          void doc.destroy();
          return;
        }
        docRef.current = doc;
        setRanges([{ id: nextRangeId.current++, start: '1', end: String(doc.numPages) }]);
        setFile({ status: 'ready', info: { name: f.name, size: f.size, pageCount: doc.numPages } });
      } catch (err) {
        if (gen !== fileGeneration.current) return;
        console.error('reading the PDF failed', err);
        setFile({ status: 'error', message: TRANSLATE_MSG.pdfUnreadable });
      }
    },
    [resetTranslation],
  );

  const pageCount = file.status === 'ready' ? file.info.pageCount : null;

  const onExtract = useCallback(async () => {
    const doc = docRef.current;
    if (!doc || pageCount === null) return;
    const parsed = ranges.map((r) => ({ start: parsePageNumber(r.start), end: parsePageNumber(r.end) }));
    const err = pageRangeError(parsed, pageCount);
    setExtractError(err);
    if (err) return;
    const pages = pagesInRanges(parsed);
    const gen = fileGeneration.current;
    setExtractProgress({ done: 0, total: pages.length });
    try {
      const { extractPages } = await loadPdf();
      const texts = await extractPages(doc, pages, (done, total) => {
        if (gen === fileGeneration.current) setExtractProgress({ done, total });
      });
      if (gen !== fileGeneration.current) return;
      setText(joinPages(texts));
      setExtracted(true);
      resetTranslation();
    } catch (e) {
      if (gen !== fileGeneration.current) return;
      console.error('text extraction failed', e);
      setExtractError('Texten kunde inte läsas ur PDF-filen. Försök med andra sidor eller en annan fil.');
    } finally {
      if (gen === fileGeneration.current) setExtractProgress(null);
    }
  }, [pageCount, ranges, resetTranslation]);

  const onTranslate = useCallback(async () => {
    // spec 001 §5, in this order: text first, then the key
    if (!text.trim()) {
      setTranslateError(TRANSLATE_MSG.noText);
      return;
    }
    if (!apiKey.trim()) {
      setTranslateError(TRANSLATE_MSG.noApiKey);
      document.getElementById('tr-key')?.focus();
      return;
    }
    if (!isHttpUrl(settings.baseUrl) || !settings.model.trim()) {
      setTranslateError('Ange tjänstens adress (http:// eller https://) och en modell under Inställningar.');
      return;
    }
    setTranslateError(null);
    setExportError(null);
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setTranslation('');
    setJob({ status: 'running', chunk: 1, total: 1, done: 0 });
    const outcome = await translateText(
      {
        text,
        source: settings.source,
        target: settings.target,
        specialWords,
        service: { baseUrl: settings.baseUrl, model: settings.model, apiKey },
      },
      {
        signal: controller.signal,
        onProgress: (chunk, total, parts) => {
          if (controller.signal.aborted) return;
          setJob({ status: 'running', chunk, total, done: parts.length });
          setTranslation(parts.join('\n\n'));
        },
      },
    );
    if (abortRef.current !== controller) return; // a newer run (or a reset) took over
    abortRef.current = null;
    setTranslation(outcome.translation);
    setJob({
      status: outcome.status,
      total: outcome.total,
      done: outcome.parts.length,
      replacements: outcome.replacements,
      message: outcome.message,
    });
    if (outcome.translation) setView('translation');
  }, [text, apiKey, settings, specialWords]);

  const onCancel = useCallback(() => abortRef.current?.abort(), []);

  const onExport = useCallback(async () => {
    if (!translation.trim()) return;
    setExporting(true);
    setExportError(null);
    try {
      const { buildDocxBlob } = await loadDocx();
      const name = docxFileName(file.status === 'ready' ? file.info.name : 'oversattning', settings.target);
      const blob = await buildDocxBlob(translation, { title: name.replace(/\.docx$/, '') });
      saveFile(blob, name);
    } catch (e) {
      console.error('docx export failed', e);
      setExportError('Word-filen kunde inte skapas. Försök igen.');
    } finally {
      setExporting(false);
    }
  }, [translation, file, settings.target]);

  const running = job.status === 'running';

  return (
    <div className="tr-tool">
      <UploadStep file={file} onFile={onFile} />
      <ExtractStep
        pageCount={pageCount}
        ranges={ranges}
        onRanges={setRanges}
        onAddRange={() =>
          setRanges((rs) => [...rs, { id: nextRangeId.current++, start: '', end: pageCount ? String(pageCount) : '' }])
        }
        onExtract={onExtract}
        progress={extractProgress}
        error={extractError}
        text={text}
        onText={setText}
        lang={settings.source}
        extracted={extracted}
      />
      <SettingsStep
        state={settingsState}
        specialWords={specialWords}
        onSpecialWords={setSpecialWords}
        keyInvalid={translateError === TRANSLATE_MSG.noApiKey}
      />
      <TranslateStep job={job} error={translateError} onTranslate={onTranslate} onCancel={onCancel} />
      <ReviewStep
        original={text}
        translation={translation}
        partial={job.status === 'failed' || job.status === 'cancelled' || running}
        view={view}
        onView={setView}
        sourceLang={settings.source}
        targetLang={settings.target}
        onExport={onExport}
        exporting={exporting}
        exportError={exportError}
        canExport={!running && translation.trim().length > 0}
      />
    </div>
  );
}
