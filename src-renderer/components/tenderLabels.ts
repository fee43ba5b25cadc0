/**
 * Human names of the codes a tender row carries (`law`, `status`), in both languages, for the tables and the
 * preview pane: an analyst reads «44-ФЗ» and «Подача заявок», never `44-FZ` or `active`. A code we do not know
 * is shown as it came rather than hidden. The names live in src-main/i18n/codes.ts, shared with the cards,
 * the saved searches and the core (one way of translating).
 */
export { lawName, tenderStageName, tenderStatusName as statusName } from '../i18n/i18n';
