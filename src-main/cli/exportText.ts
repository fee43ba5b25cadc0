/**
 * How the `export` commands answer an analyst (trial 16): the rows written, where the CSV's provenance went,
 * a file format that contradicts the file's name, the progress line, members not held, the usage lines, in the CLI's locale (cliLocale.ts) like `mark`, `marks` and
 * `calendar`. Numbers are grouped by the caller.
 */
import type { ExportFormat } from '../domain/provenance';
import { text, type Text } from '../i18n/text';
import { moscowMomentText } from './moscowTime';

const FORMAT_NAMES: Record<ExportFormat, Text> = { csv: text('CSV', 'CSV'), xlsx: text('Excel (XLSX)', 'Excel (XLSX)') };

export const EXPORT_TEXT = {
  written: (rows: string, file: string): Text => text(`Записано строк: ${rows} → ${file}`, `${rows} rows written to ${file}`),
  provenance: (file: string): Text => text(`Сведения об источнике записаны в ${file}`, `Provenance written to ${file}`),
  progress: (rows: string, total: string): Text => text(`выгрузка: ${rows} из ${total} строк`, `export: ${rows} / ${total} rows`),
  /** List members the cache does not hold: written with their id only. */
  missing: (n: string): Text =>
    text(
      `Участников списка нет в кэше: ${n} (у них выгружен только номер): синхронизируйте поиск, который их находит, или откройте их карточки`,
      `${n} members are not in the cache yet (only their id is exported): sync a search that finds them or open their cards`,
    ),
  offlineCopy: (what: 'list' | 'favorites'): Text =>
    what === 'list'
      ? text('нет связи с сервером: выгружается копия списка из кэша', 'offline: exporting the cached copy of the list')
      : text('нет связи с сервером: выгружается копия избранного из кэша', 'offline: exporting the cached copy of the favorites'),
  noList: (id: string): Text => text(`списка ${id} здесь нет: сначала получите его командой «list sync ${id}»`, `no list ${id} here: run "list sync ${id}" to fetch it first`),
  noSearch: (key: string): Text => text(`нет сохранённого поиска «${key}»: укажите его метку или filter_id`, `no saved search "${key}": give its label or filter id`),
  usage: text(
    'использование: export list LIST_ID [--refresh] | export search МЕТКА|FILTER_ID | export ledger | export dossier customer|supplier ИНН, каждая с --out FILE.csv|FILE.xlsx [--columns a,b,c] [--delimiter ";"] [--format xlsx|csv|excel|plain]',
    'usage: export list LIST_ID [--refresh] | export search LABEL|FILTER_ID | export ledger | export dossier customer|supplier INN, each --out FILE.csv|FILE.xlsx [--columns a,b,c] [--delimiter ";"] [--format xlsx|csv|excel|plain]',
  ),
  earlierUsage: text(
    'использование: export filter FILTER_ID --out FILE.csv [--columns a,b,c] [--delimiter ";"] [--format excel|plain] | export favorites --out FILE.csv [...]',
    'usage: export filter FILTER_ID --out FILE.csv [--columns a,b,c] [--delimiter ";"] [--format excel|plain] | export favorites --out FILE.csv [...]',
  ),
  /** Where the members of a list export come from, and how to read them from the server first. */
  membersAge: (listId: string, syncedAt: string | null, members: string): Text => {
    const refresh = {
      ru: `«list sync ${listId}» или «export list ${listId} --refresh» сначала прочитают их с сервера`,
      en: `"list sync ${listId}" or "export list ${listId} --refresh" reads them from the server first`,
    };
    return syncedAt === null
      ? text(`выгружаются участники, которые есть здесь (целиком с сервера здесь не читались); ${refresh.ru}`, `exporting the members held here (never read whole from the server here); ${refresh.en}`)
      : text(
          `выгружаются участники, которые есть здесь, как они прочитаны с сервера ${moscowMomentText(syncedAt, 'ru')} (${members}) и изменены здесь после; ${refresh.ru}`,
          `exporting the members held here, as read from the server at ${moscowMomentText(syncedAt, 'en')} (${members}) and edited here since; ${refresh.en}`,
        );
  },
  delimiter: text('--delimiter: «;», «,» или «tab»', '--delimiter is ";", "," or "tab"'),
  format: text(
    '--format: «xlsx», «csv» (то же, что «excel», по умолчанию) или для CSV «plain» (простой текст для других программ)',
    '--format is "xlsx", "csv" (the same as "excel", the default) or, for a CSV, "plain" (plain text for other programs)',
  ),
  csvFlavour: text(
    '--format: «excel» (номера извещений и ИНН как ="…", по умолчанию) или «plain» (простой текст для других программ)',
    '--format is "excel" (notice numbers and INNs as ="…", the default) or "plain" (plain text for other programs)',
  ),
  dossierUsage: text(
    'использование: export dossier customer|supplier ИНН --out FILE.xlsx|FILE.csv [--format xlsx|csv|excel|plain] (досье заказчика или поставщика из кэша)',
    'usage: export dossier customer|supplier INN --out FILE.xlsx|FILE.csv [--format xlsx|csv|excel|plain] (a customer\'s or supplier\'s dossier from the cache)',
  ),
  /** `--format xlsx --out a.csv` (or a CSV flavour into `.xlsx`): the file would lie about what it holds. */
  mismatch: (format: ExportFormat, asked: string, out: string): Text =>
    text(
      `--format ${asked} пишет ${FORMAT_NAMES[format].ru}, а файл ${out} назван как ${format === 'xlsx' ? 'не .xlsx' : '.xlsx'}: назовите файл ${format === 'xlsx' ? 'FILE.xlsx' : 'FILE.csv'} или выберите другой --format`,
      `--format ${asked} writes ${FORMAT_NAMES[format].en}, but ${out} is named ${format === 'xlsx' ? 'other than .xlsx' : '.xlsx'}: name the file ${format === 'xlsx' ? 'FILE.xlsx' : 'FILE.csv'} or choose another --format`,
    ),
};
