/**
 * What a tender shows for its stage and its law, in both languages, on every tender surface of the renderer:
 * the results and list tables, the earlier generation's table, the preview pane, the card and the calendar. An
 * analyst reads «Работа комиссии» and «44-ФЗ», never `active` or `44-FZ`, and never the server's own status
 * name (a cached version keeps the name it came with). The words are the core's (src-main/i18n/tenderWords.ts
 * over src-main/domain), the same functions its exports and the CLI use, and its tests check them against those.
 */
export { cardLawName, cardStage, contractLawName, rowLawName, rowStage, type TenderRowFacts } from '../../src-main/i18n/tenderWords';
export { lawName, tenderStageName } from '../../src-main/i18n/codes';
