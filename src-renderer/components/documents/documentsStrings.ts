/** The texts of tender documents in the app: the card's section, «в документах», the diff, the settings. */
import { count, NOUNS, type Strings } from '../../i18n/i18n';

export const documentsStrings: Strings<{
  title: string;
  download: string;
  downloadHint: string;
  downloadList: string;
  downloadListHint: string;
  open: string;
  openHint: (name: string) => string;
  /** Browser mode's «Открыть»: the page downloads a copy. */
  openInBrowserHint: (name: string) => string;
  notOpenable: string;
  notDownloaded: string;
  downloaded: (size: string) => string;
  textExtracted: (size: string) => string;
  scan: string;
  failed: (reason: string) => string;
  failedNoReason: string;
  unreadable: (n: number) => string;
  none: string;
  jobItems: string;
  jobFree: string;
  downloadStarted: string;
  offlineNote: string;
  savedTo: (name: string) => string;
  colName: string;
  colState: string;
  colAction: string;
}> = {
  ru: {
    title: 'Документы',
    download: 'Скачать документы',
    downloadHint: 'Документы скачиваются с сайта площадки, без запросов к API и без списаний; уже скачанные не скачиваются снова.',
    downloadList: 'Скачать все документы списка',
    downloadListHint: 'Документы всех закупок списка, чьи карточки открывались; без списаний, уже скачанные пропускаются.',
    open: 'Открыть',
    openHint: (name) => `Открыть «${name}» программой системы (копия во временной папке)`,
    openInBrowserHint: (name) => `Открыть «${name}»: браузер скачает копию`,
    notOpenable: 'не открывается: исполняемый файл или скрипт',
    notDownloaded: 'не скачан',
    downloaded: (size) => `скачан (${size})`,
    textExtracted: (size) => `текст извлечён (${size})`,
    scan: 'скан: текст не извлечён',
    failed: (reason) => `ошибка: ${reason}`,
    failedNoReason: 'ошибка',
    unreadable: (n) => `Ещё ${count(n, NOUNS.document, 'ru')} без имени или адреса в карточке — скачать нельзя.`,
    none: 'Документов нет.',
    jobItems: 'Документы',
    jobFree: 'без списаний: документы не тратят единицы API',
    downloadStarted: 'Скачивание началось',
    offlineNote: 'Скачанные документы открываются и ищутся без сети.',
    savedTo: (name) => `Файл «${name}» отдан браузеру для сохранения.`,
    colName: 'Документ',
    colState: 'Состояние',
    colAction: 'Действие',
  },
  en: {
    title: 'Documents',
    download: 'Download documents',
    downloadHint: 'Documents come from the platform’s site, with no API request and no charge; those held are not downloaded again.',
    downloadList: 'Download all documents of the list',
    downloadListHint: 'The documents of every tender of the list whose card was opened; no charge, those held are skipped.',
    open: 'Open',
    openHint: (name) => `Open "${name}" with the system’s program (a copy in a temporary folder)`,
    openInBrowserHint: (name) => `Open "${name}": the browser downloads a copy`,
    notOpenable: 'not opened: an executable or a script',
    notDownloaded: 'not downloaded',
    downloaded: (size) => `downloaded (${size})`,
    textExtracted: (size) => `text extracted (${size})`,
    scan: 'scan: no text extracted',
    failed: (reason) => `failed: ${reason}`,
    failedNoReason: 'failed',
    unreadable: (n) => `${count(n, NOUNS.document, 'en')} more without a name or address on the card: cannot be downloaded.`,
    none: 'No documents.',
    jobItems: 'Documents',
    jobFree: 'no charge: documents cost no API units',
    downloadStarted: 'Download started',
    offlineNote: 'Downloaded documents open and are searched without the network.',
    savedTo: (name) => `The file "${name}" was handed to the browser to save.`,
    colName: 'Document',
    colState: 'State',
    colAction: 'Action',
  },
};
