/**
 * «в документах»: the offline search inside the text of downloaded tender documents. A hit names the
 * tender (a link to its card), the document and a snippet whose matched words are highlighted: the snippet comes
 * as pieces of plain text (the core marks which matched), each rendered as text, never as HTML. The filters are
 * the tender's own that the document index knows: law, region, a tag and a pipeline status.
 */
import { useMemo, useState } from 'react';
import type { DocumentHitInfo } from '../../../src-main/contract/ipc';
import { PIPELINE_STATUSES } from '../../../src-main/domain/marks';
import { pipelineStatusName } from '../../../src-main/i18n/codes';
import { displayText } from '../../../src-main/domain/displayText';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { FilterSelect } from '../../components/MultiSelect';
import { useSearchShortcut } from '../../components/searchShortcut';
import { useAppStore } from '../../state/store';
import { count, lawName, NOUNS, useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { criteriaStrings, regionOptions } from './CriteriaForm';
import { documentSearchArgs, type DocumentSearchForm } from '../../components/documents/documentsLogic';

const LAWS = ['44-FZ', '223-FZ', 'commercial'] as const;

const strings: Strings<{
  text: string;
  textHint: string;
  law: string;
  anyLaw: string;
  status: string;
  anyStatus: string;
  tag: string;
  search: string;
  free: string;
  intro: string;
  empty: string;
  found: (n: number) => string;
  required: string;
  tender: (id: number) => string;
}> = {
  ru: {
    text: 'Что искать в документах',
    textHint: 'Фраза из ТЗ, проекта контракта, обоснования цены. Текст в кавычках — точная фраза; слово находит и другие свои формы.',
    law: 'Закон',
    anyLaw: 'Любой',
    status: 'Статус в работе',
    anyStatus: 'Любой',
    tag: 'Метка',
    search: 'Искать в документах',
    free: 'Без сети и бесплатно: ищем в тексте уже скачанных документов.',
    intro: 'Введите фразу и нажмите «Искать в документах». Документы скачиваются в карточке закупки или списка.',
    empty: 'В скачанных документах ничего не найдено',
    found: (n) => `Найдено: ${count(n, NOUNS.document, 'ru')}`,
    required: 'Введите слово или фразу',
    tender: (id) => `Закупка ${id}`,
  },
  en: {
    text: 'What to find in the documents',
    textHint: 'A phrase of a specification, a draft contract, a price justification. Text in quotes is an exact phrase; a word finds its other forms too.',
    law: 'Law',
    anyLaw: 'Any',
    status: 'Pipeline status',
    anyStatus: 'Any',
    tag: 'Tag',
    search: 'Search the documents',
    free: 'Offline and free: searches the text of documents already downloaded.',
    intro: 'Type a phrase and press "Search the documents". Documents are downloaded on a tender’s card or a list.',
    empty: 'Nothing found in the downloaded documents',
    found: (n) => `Found: ${count(n, NOUNS.document, 'en')}`,
    required: 'Type a word or phrase',
    tender: (id) => `Tender ${id}`,
  },
};

const emptyForm: DocumentSearchForm = { text: '', law: '', regions: [], status: '', tag: '' };

export function DocumentSearch() {
  const s = useStrings(strings);
  const c = useStrings(criteriaStrings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  useSearchShortcut(() => document.getElementById('documents-text')?.focus());
  const regions = useMemo(regionOptions, []);
  const [form, setForm] = useState<DocumentSearchForm>(emptyForm);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [hits, setHits] = useState<DocumentHitInfo[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const patch = (p: Partial<DocumentSearchForm>): void => setForm((f) => ({ ...f, ...p }));

  const submit = (): void => {
    const args = documentSearchArgs(form);
    if (!args) {
      setProblem(s.required);
      return;
    }
    setProblem(undefined);
    setError(null);
    setBusy(true);
    call('documents.search', args)
      .then((r) => setHits(r.hits), setError)
      .finally(() => setBusy(false));
  };

  return (
    <div className="search__offline" data-testid="documents-search">
      <p className="muted">{s.free}</p>
      <form
        className="search__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="search__grid">
          <Field id="documents-text" label={s.text} hint={s.textHint} error={problem} wide>
            <input id="documents-text" type="search" value={form.text} maxLength={1000} onChange={(e) => patch({ text: e.target.value })} aria-invalid={problem ? true : undefined} />
          </Field>
          <label className="field field--narrow">
            <span className="field__label">{s.law}</span>
            <select value={form.law} onChange={(e) => patch({ law: e.target.value })} data-testid="documents-law">
              <option value="">{s.anyLaw}</option>
              {LAWS.map((l) => (
                <option key={l} value={l}>
                  {lawName(l, locale)}
                </option>
              ))}
            </select>
          </label>
          <div className="field">
            <span className="field__label">{c.regions}</span>
            <FilterSelect label={c.regions} testId="documents-regions" options={regions} values={form.regions} onChange={(v) => patch({ regions: v })} />
          </div>
          <label className="field field--narrow">
            <span className="field__label">{s.status}</span>
            <select value={form.status} onChange={(e) => patch({ status: e.target.value })} data-testid="documents-status">
              <option value="">{s.anyStatus}</option>
              {PIPELINE_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {pipelineStatusName(st, locale)}
                </option>
              ))}
            </select>
          </label>
          <Field id="documents-tag" label={s.tag}>
            <input id="documents-tag" type="text" value={form.tag} maxLength={100} onChange={(e) => patch({ tag: e.target.value })} />
          </Field>
        </div>
        <div className="search__actions">
          <button type="submit" className="btn--primary" disabled={busy} data-testid="documents-search-run">
            {s.search}
          </button>
        </div>
      </form>
      <ErrorNotice error={error} testId="documents-search-error" />
      {hits === null ? (
        <p className="muted">{s.intro}</p>
      ) : hits.length === 0 ? (
        <p data-testid="documents-search-empty">{s.empty}</p>
      ) : (
        <>
          <p className="muted" role="status">
            {s.found(hits.length)}
          </p>
          <ul className="docs__hits" data-testid="documents-hits">
            {hits.map((h) => (
              <li key={`${h.tenderId}-${h.document}`} className="docs__hit" data-testid="documents-hit" data-tender={h.tenderId}>
                <button type="button" className="linkish docs__hit-tender" onClick={() => navigate({ view: 'card', kind: 'tender', id: h.tenderId, back: { view: 'search' } })}>
                  {h.tenderName ? displayText(h.tenderName) : s.tender(h.tenderId)}
                </button>
                <div className="docs__hit-doc">
                  {displayText(h.document)}
                  {h.extension && <span className="card__ext">{displayText(h.extension)}</span>}
                </div>
                <p className="docs__snippet" data-testid="documents-snippet">
                  {h.snippet.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
