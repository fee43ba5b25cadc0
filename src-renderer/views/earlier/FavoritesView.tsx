/**
 * Favorites of an earlier-generation profile: add by the platform's notice number (`etp_id`), remove, list
 * page by page with "changed since added" marked, and "Check for changes" (GET /favorites/updates), which
 * costs a unit only for a changed tender never received before, and says so before asking. Adding, removing
 * and listing never touch the balance.
 */
import { useState } from 'react';
import type { EarlierFavorite, MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { useProvideAction } from '../../state/commands/actions';
import { titleWithKeys } from '../../state/commands/registry';
import { CsvExportDialog } from '../../components/CsvExportDialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { rowStage } from '../../components/tenderLabels';
import { useFavorites } from './useEarlierData';
import { formatDate, formatDateTime, formatInt, formatRub } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { EarlierTenderTable, Pager, usePaging } from './EarlierTenderTable';

const strings: Strings<{
  title: string;
  free: string;
  addLabel: string;
  addedOk: (n: string) => string;
  removedOk: (n: string) => string;
  addHint: string;
  add: string;
  badEtpId: string;
  fromCache: string;
  empty: string;
  total: (n: string) => string;
  name: string;
  price: string;
  published: string;
  deadline: string;
  region: string;
  status: string;
  favoritedAt: string;
  changed: string;
  changedHint: string;
  remove: string;
  removeLabel: (name: string) => string;
  checkUpdates: string;
  checkHint: string;
  checking: string;
  updatesTitle: string;
  updatesCharged: (n: string) => string;
  noUpdates: string;
  exportCsv: string;
  exportTitle: string;
}> = {
  ru: {
    title: 'Избранное',
    free: 'Добавление, удаление и просмотр избранного бесплатны.',
    addLabel: 'Номер извещения',
    addedOk: (n) => `Закупка № ${n} добавлена в избранное.`,
    removedOk: (n) => `Закупка № ${n} убрана из избранного.`,
    addHint: 'Номер закупки на площадке, например 0373100000126000012.',
    add: 'Добавить в избранное',
    badEtpId: 'Введите номер извещения.',
    fromCache: 'Нет связи: показано сохранённое избранное.',
    empty: 'В избранном пока ничего нет.',
    total: (n) => `всего: ${n}`,
    name: 'Наименование',
    price: 'Начальная цена',
    published: 'Публикация',
    deadline: 'Окончание подачи, МСК',
    region: 'Регион',
    status: 'Статус',
    favoritedAt: 'Добавлено',
    changed: 'изменена',
    changedHint: 'Закупка изменилась после добавления в избранное',
    remove: 'Убрать',
    removeLabel: (name) => `Убрать из избранного: ${name}`,
    checkUpdates: 'Проверить изменения',
    checkHint: 'Изменённые закупки, которые ещё не были получены, стоят 1 единицу; уже полученные — бесплатно.',
    checking: 'Проверяем…',
    updatesTitle: 'Изменились после добавления',
    updatesCharged: (n) => `списано ${n} ед.`,
    noUpdates: 'Ни одна закупка из избранного не изменилась после добавления.',
    exportCsv: 'Экспорт в CSV…',
    exportTitle: 'Экспорт избранного в CSV',
  },
  en: {
    title: 'Favorites',
    free: 'Adding, removing and listing favorites is free.',
    addLabel: 'Notice number',
    addedOk: (n) => `Tender no. ${n} added to favorites.`,
    removedOk: (n) => `Tender no. ${n} removed from favorites.`,
    addHint: 'The tender’s number on its platform, e.g. 0373100000126000012.',
    add: 'Add to favorites',
    badEtpId: 'Enter a notice number.',
    fromCache: 'Offline: showing the saved favorites.',
    empty: 'No favorites yet.',
    total: (n) => `total: ${n}`,
    name: 'Name',
    price: 'Initial price',
    published: 'Published',
    deadline: 'Bids until, MSK',
    region: 'Region',
    status: 'Status',
    favoritedAt: 'Added',
    changed: 'changed',
    changedHint: 'The tender changed after it was added to favorites',
    remove: 'Remove',
    removeLabel: (name) => `Remove from favorites: ${name}`,
    checkUpdates: 'Check for changes',
    checkHint: 'Changed tenders never received before cost 1 unit each; those already received are free.',
    checking: 'Checking…',
    updatesTitle: 'Changed since added',
    updatesCharged: (n) => `${n} units charged`,
    noUpdates: 'No favorite changed after it was added.',
    exportCsv: 'Export CSV…',
    exportTitle: 'Export favorites to CSV',
  },
};

export function FavoritesView() {
  const s = useStrings(strings);
  const locale = useLocale();
  const { page, pageSize, setPage, setPageSize } = usePaging();
  const favorites = useFavorites(page, pageSize);
  const [etpId, setEtpId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [updates, setUpdates] = useState<MethodResult<'earlier.favoriteUpdates'> | null>(null);
  const [checking, setChecking] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function change(kind: 'add' | 'remove', id: string) {
    setProblem(null);
    setMessage(null);
    setError(null);
    if (id.trim() === '') {
      setProblem(s.badEtpId);
      return;
    }
    try {
      const answer = kind === 'add' ? await call('earlier.favoriteAdd', { etpId: id.trim() }) : await call('earlier.favoriteRemove', { etpId: id.trim() });
      // Our own words on success (the server's say «Тендер»; a tender is «закупка» everywhere else here); its
      // message when it refused, as that says why.
      setMessage(answer.success ? (kind === 'add' ? s.addedOk(id.trim()) : s.removedOk(id.trim())) : answer.message);
      if (kind === 'add' && answer.success) setEtpId('');
      favorites.reload();
    } catch (e) {
      setError(e);
    }
  }

  async function checkUpdates() {
    setChecking(true);
    setError(null);
    try {
      setUpdates(await call('earlier.favoriteUpdates', {}));
      favorites.reload();
    } catch (e) {
      setError(e);
    } finally {
      setChecking(false);
    }
  }

  const data = favorites.data;
  // The palette's «Экспорт в файл…» (and its shortcut) opens the same dialog as the button, when it is enabled.
  useProvideAction('export.open', () => setExporting(true), !!data && data.total > 0);
  return (
    <section className="view" data-testid="view-favorites">
      <div className="view__head">
        <h1>{s.title}</h1>
        {data && <span className="muted" data-testid="favorites-total" data-total={data.total}>{s.total(formatInt(data.total, locale))}</span>}
        <button type="button" onClick={() => setExporting(true)} disabled={!data || data.total === 0} title={titleWithKeys(s.exportCsv, 'export.open')} data-testid="favorites-export">
          {s.exportCsv}
        </button>
      </div>
      <p className="muted">{s.free}</p>
      <form
        className="saved__sync"
        onSubmit={(e) => {
          e.preventDefault();
          void change('add', etpId);
        }}
      >
        <label className="field">
          <span className="field__label">{s.addLabel}</span>
          <input value={etpId} onChange={(e) => setEtpId(e.target.value)} data-testid="favorites-add-input" />
          <span className="field__hint">{s.addHint}</span>
        </label>
        <button type="submit" className="btn--primary" data-testid="favorites-add">
          {s.add}
        </button>
      </form>
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {message && (
        <p role="status" data-testid="favorites-message">
          {message}
        </p>
      )}
      <ErrorNotice error={error ?? favorites.error} testId="favorites-error" />
      {data?.fromCache && (
        <p className="muted" role="status" data-testid="favorites-from-cache">
          {s.fromCache}
        </p>
      )}
      {data && data.rows.length === 0 && <p data-testid="favorites-empty">{s.empty}</p>}
      {data && data.rows.length > 0 && (
        <>
          <FavoritesTable rows={data.rows} onRemove={(id) => void change('remove', id)} />
          <Pager
            page={data.page}
            pages={data.pages}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={setPageSize}
            testId="favorites-pager"
          />
        </>
      )}

      <div className="saved__sync">
        <button type="button" onClick={() => void checkUpdates()} disabled={checking} data-testid="favorites-check-updates">
          {checking ? s.checking : s.checkUpdates}
        </button>
        <span className="field__hint">{s.checkHint}</span>
      </div>
      {updates && (
        <div className="saved__results" data-testid="favorites-updates" data-charged={updates.charged}>
          <h2>
            {s.updatesTitle} <span className="muted">{s.updatesCharged(formatInt(updates.charged, locale))}</span>
          </h2>
          <EarlierTenderTable rows={updates.rows} testId="favorites-updates-table" emptyText={s.noUpdates} />
        </div>
      )}
      {exporting && (
        <CsvExportDialog
          title={s.exportTitle}
          sourceKey="favorites"
          loadColumns={() => call('earlier.exportColumns', {})}
          runExport={(columns, delimiter, excel) => call('earlier.export', { source: { kind: 'favorites' }, columns, delimiter, excel })}
          onClose={() => setExporting(false)}
          testId="earlier-export"
          offersExcelChoice
        />
      )}
    </section>
  );
}

function FavoritesTable({ rows, onRemove }: { rows: readonly EarlierFavorite[]; onRemove(etpId: string): void }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const open = (id: number) => navigate({ view: 'card', kind: 'tender', id, back: { view: 'favorites' } });
  return (
    <table className="card__table" data-testid="favorites-table">
      <thead>
        <tr>
          <th>{s.published}</th>
          <th>{s.deadline}</th>
          <th>{s.name}</th>
          <th className="num">{s.price}</th>
          <th>{s.region}</th>
          <th>{s.status}</th>
          <th>{s.favoritedAt}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((f) => (
          <tr
            key={f.id}
            className="clickable"
            tabIndex={0}
            data-testid="favorites-row"
            data-id={f.id}
            data-etp-id={f.etpId}
            data-changed={f.changedSinceAdded}
            onDoubleClick={() => open(f.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') open(f.id);
            }}
          >
            <td>{formatDate(f.publishDate, locale)}</td>
            <td>{formatDateTime(f.endDate, locale)}</td>
            <td>
              <span className="muted">{f.etpId}</span> {f.name}
              {f.changedSinceAdded && (
                <span className="badge badge--updated" title={s.changedHint} data-testid="favorites-changed">
                  {s.changed}
                </span>
              )}
            </td>
            <td className="num">{formatRub(f.price, locale)}</td>
            <td>{f.region ?? '—'}</td>
            <td>{rowStage(f, locale).name}</td>
            <td>{formatDateTime(f.favoritedAt, locale)}</td>
            <td>
              <button type="button" className="btn--link" aria-label={s.removeLabel(f.name)} onClick={() => onRemove(f.etpId)} data-testid="favorites-remove">
                {s.remove}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
