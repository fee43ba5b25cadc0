/**
 * Settings «Документы»: which tenders' documents download on their own (marked tenders, chosen lists,
 * chosen saved searches; the core's auto-download reads it) and the disk limits, whole megabytes grouped by
 * threes. The core validates what it is given (documentSettingsSchema); the form says what is wrong first.
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge/client';
import { MAX_FILE_MB_LIMIT, MAX_TOTAL_MB_LIMIT } from '../../../src-main/contract/settingsShapes';
import type { DocumentSettings } from '../../../src-main/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatInt } from '../../format/format';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { savedSearchName } from '../../../src-main/i18n/criteriaSummary';
import { groupMegabytes, parseMegabytes } from '../../components/documents/documentsLogic';
import { SettingsSection } from './SettingsSection';

const strings: Strings<{
  title: string;
  intro: string;
  auto: string;
  autoHint: string;
  marked: string;
  lists: string;
  searches: string;
  noLists: string;
  noSearches: string;
  maxFile: string;
  maxFileHint: string;
  maxTotal: string;
  maxTotalHint: string;
  invalid: (max: string) => string;
  save: string;
  saved: string;
}> = {
  ru: {
    title: 'Документы',
    intro: 'Документы закупок скачиваются с сайтов площадок без запросов к API и без списаний; их текст читается для поиска «в документах» и сравнения версий.',
    auto: 'Скачивать автоматически',
    autoHint: 'Документы берутся из карточки закупки: закупки, чья карточка ни разу не открывалась (и не сохранена), пропускаются, пока её не откроют.',
    marked: 'Документы отмеченных закупок',
    lists: 'Списки',
    searches: 'Сохранённые поиски',
    noLists: 'Списков нет.',
    noSearches: 'Сохранённых поисков нет.',
    maxFile: 'Предел одного файла, МБ',
    maxFileHint: 'Файл больше предела не скачивается.',
    maxTotal: 'Место под все документы, МБ',
    maxTotalHint: 'Когда оно занято, скачивание останавливается с сообщением.',
    invalid: (max) => `Целое число мегабайт от 1 до ${max}`,
    save: 'Сохранить',
    saved: 'Сохранено.',
  },
  en: {
    title: 'Documents',
    intro: 'Tender documents come from the platforms’ sites with no API request and no charge; their text is read for the search «in the documents» and for comparing versions.',
    auto: 'Download automatically',
    autoHint: 'Documents come from each tender’s card: tenders whose card was never opened (and stored) are skipped until it is opened.',
    marked: 'Documents of marked tenders',
    lists: 'Lists',
    searches: 'Saved searches',
    noLists: 'No lists.',
    noSearches: 'No saved searches.',
    maxFile: 'Limit of one file, MB',
    maxFileHint: 'A file above the limit is not downloaded.',
    maxTotal: 'Room for all documents, MB',
    maxTotalHint: 'When it is full, downloading stops with a message.',
    invalid: (max) => `A whole number of megabytes from 1 to ${max}`,
    save: 'Save',
    saved: 'Saved.',
  },
};

export function DocumentsSection() {
  const s = useStrings(strings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const earlier = useAppStore((st) => st.activeProfile?.generation === 'earlier');
  const settings = useLoad(() => call('documents.settings', {}), `documents-settings-${epoch}`);
  const lists = useLoad(() => call('lists.list', {}), `documents-lists-${epoch}`, !earlier);
  const searches = useLoad(() => call('savedSearches.list', {}), `documents-searches-${epoch}`, !earlier);
  const [form, setForm] = useState<{ auto: DocumentSettings['autoDownload']; maxFileMb: string; maxTotalMb: string } | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    const d = settings.data;
    if (d) setForm({ auto: d.autoDownload, maxFileMb: groupMegabytes(String(d.maxFileMb)), maxTotalMb: groupMegabytes(String(d.maxTotalMb)) });
  }, [settings.answers]);

  if (!form) return <SettingsSection id="documents" title={s.title} intro={s.intro}><ErrorNotice error={settings.error} testId="documents-settings-error" /></SettingsSection>;
  const maxFile = parseMegabytes(form.maxFileMb, MAX_FILE_MB_LIMIT);
  const maxTotal = parseMegabytes(form.maxTotalMb, MAX_TOTAL_MB_LIMIT);
  const edit = (patch: Partial<typeof form>): void => {
    setSaved(false);
    setForm({ ...form, ...patch });
  };
  const toggle = (key: 'lists' | 'savedSearches', id: string, on: boolean): void =>
    edit({ auto: { ...form.auto, [key]: on ? [...form.auto[key], id] : form.auto[key].filter((x) => x !== id) } });
  const number = (key: 'maxFileMb' | 'maxTotalMb', label: string, hint: string, value: number | 'invalid', max: number) => (
    <label className={`field${value === 'invalid' ? ' field--invalid' : ''}`}>
      <span className="field__label">{label}</span>
      <input
        inputMode="numeric"
        value={form[key]}
        data-testid={`documents-${key}`}
        aria-invalid={value === 'invalid' || undefined}
        onChange={(e) => edit({ [key]: groupMegabytes(e.target.value) })}
      />
      {value === 'invalid' ? <span className="field__error" role="alert">{s.invalid(formatInt(max, locale))}</span> : <span className="field__hint">{hint}</span>}
    </label>
  );

  return (
    <SettingsSection id="documents" title={s.title} intro={s.intro}>
      <form
        data-testid="documents-settings"
        onSubmit={(e) => {
          e.preventDefault();
          if (maxFile === 'invalid' || maxTotal === 'invalid') return;
          settings.fail(null);
          call('documents.setSettings', { autoDownload: form.auto, maxFileMb: maxFile, maxTotalMb: maxTotal }).then(
            (r) => {
              settings.set(r);
              setSaved(true);
            },
            (err: unknown) => settings.fail(err),
          );
        }}
      >
        <fieldset className="docs__auto">
          <legend>{s.auto}</legend>
          <label className="check">
            <input type="checkbox" checked={form.auto.marked} onChange={(e) => edit({ auto: { ...form.auto, marked: e.target.checked } })} data-testid="documents-auto-marked" /> {s.marked}
          </label>
          {!earlier && (
            <>
              <div className="docs__auto-group">
                <span className="field__label">{s.lists}</span>
                {(lists.data ?? []).length === 0 && <span className="muted">{s.noLists}</span>}
                {(lists.data ?? []).map((l) => (
                  <label key={l.listId} className="check">
                    <input type="checkbox" checked={form.auto.lists.includes(l.listId)} onChange={(e) => toggle('lists', l.listId, e.target.checked)} /> {l.name}
                  </label>
                ))}
              </div>
              <div className="docs__auto-group">
                <span className="field__label">{s.searches}</span>
                {(searches.data ?? []).length === 0 && <span className="muted">{s.noSearches}</span>}
                {(searches.data ?? []).map((x) => (
                  <label key={x.filterId} className="check">
                    <input type="checkbox" checked={form.auto.savedSearches.includes(x.filterId)} onChange={(e) => toggle('savedSearches', x.filterId, e.target.checked)} /> {savedSearchName(x, locale)}
                  </label>
                ))}
              </div>
            </>
          )}
          {/* Said up front: a chosen tender whose card was never opened gets no documents, and the analyst learnt why only after a run. */}
          <span className="field__hint" data-testid="documents-auto-hint">
            {s.autoHint}
          </span>
        </fieldset>
        <div className="settings__grid">
          {number('maxFileMb', s.maxFile, s.maxFileHint, maxFile, MAX_FILE_MB_LIMIT)}
          {number('maxTotalMb', s.maxTotal, s.maxTotalHint, maxTotal, MAX_TOTAL_MB_LIMIT)}
        </div>
        <button type="submit" className="btn--primary" disabled={maxFile === 'invalid' || maxTotal === 'invalid'} data-testid="documents-settings-save">
          {s.save}
        </button>
        {saved && (
          <span className="muted" role="status" data-testid="documents-settings-saved">
            {' '}
            {s.saved}
          </span>
        )}
        <ErrorNotice error={settings.error} testId="documents-settings-error" />
      </form>
    </SettingsSection>
  );
}
