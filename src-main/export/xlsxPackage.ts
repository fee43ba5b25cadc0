/**
 * The fixed parts of an XLSX package around its sheets (ECMA-376 SpreadsheetML, the minimal set Excel,
 * LibreOffice and the readers we test with open without "repair"): content types, relationships, the workbook
 * naming the sheets, and one small stylesheet with a style per cell format (xlsx.ts writes the sheets); and the
 * document properties (docProps/core.xml, docProps/app.xml: ECMA-376 Part 2 and Part 1 §22.2), which file
 * managers, Excel's «Сведения» and search indexes show: what the workbook is, the app that made it, when.
 */
import type { CsvFormat } from './csv';

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The cellXfs index of each format's style in STYLES_XML, and of the header's bold text. */
export const STYLE_OF: Readonly<Record<CsvFormat, number>> = { text: 0, integer: 1, money: 2, date: 3, datetime: 4, decimal: 6 };
export const HEADER_STYLE = 5;

/**
 * numFmtId 1 is Excel's built-in `0`, 4 its `#,##0.00` (a figure with decimals: 0,72 is not shown as 1); 164 and up are ours. The date formats contain d/m/y, which is how readers
 * (and Excel) know a number in such a cell is a date.
 */
const STYLES_XML =
  `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">` +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.00 &quot;₽&quot;"/><numFmt numFmtId="165" formatCode="dd.mm.yyyy"/>' +
  '<numFmt numFmtId="166" formatCode="dd.mm.yyyy hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

/** Text for an XML attribute or element: the five characters XML reserves, escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/** The path of the n-th sheet (from 1) inside the package. */
export const sheetPath = (n: number): string => `xl/worksheets/sheet${n}.xml`;

/** A workbook's document properties: what it is, who made it (the app and its version), the instant it was made. */
export interface WorkbookProperties {
  title: string;
  /** dc:creator and cp:lastModifiedBy: «Tender Workbench 0.1.0». */
  creator: string;
  /** ISO instant; written in UTC as W3CDTF (`2026-12-06T09:00:00Z`), the form the standard asks for. */
  created: string;
}

const CORE_PATH = 'docProps/core.xml';
const APP_PATH = 'docProps/app.xml';
/** The application named in docProps/app.xml (its version is in the creator: AppVersion must look like 16.0300). */
const APPLICATION = 'Tender Workbench';

/** An ISO instant as W3CDTF in UTC, whole seconds (Excel rejects fractions it did not write itself). */
const w3cdtf = (iso: string): string => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** docProps/core.xml and docProps/app.xml for `p`: added to the zip once the sheets are written (xlsx.ts). */
export function propertyParts(p: WorkbookProperties): { name: string; xml: string }[] {
  const created = w3cdtf(p.created);
  const core =
    `${XML_DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(p.title)}</dc:title><dc:creator>${escapeXml(p.creator)}</dc:creator><cp:lastModifiedBy>${escapeXml(p.creator)}</cp:lastModifiedBy>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified>` +
    '</cp:coreProperties>';
  const app =
    `${XML_DECL}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" ` +
    `xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><Application>${APPLICATION}</Application></Properties>`;
  return [
    { name: CORE_PATH, xml: core },
    { name: APP_PATH, xml: app },
  ];
}

/** Every part but the sheets and the properties, as name → XML, for sheets named `names` (already valid Excel sheet names). */
export function packageParts(names: readonly string[]): { name: string; xml: string }[] {
  const sheets = names.map((_, i) => i + 1);
  const contentTypes =
    `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `<Override PartName="/${CORE_PATH}" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
    `<Override PartName="/${APP_PATH}" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>` +
    sheets.map((n) => `<Override PartName="/${sheetPath(n)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
    '</Types>';
  const rootRels =
    `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
    `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="${CORE_PATH}"/>` +
    `<Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="${APP_PATH}"/></Relationships>`;
  const workbook =
    `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>` +
    names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
    '</sheets></workbook>';
  const workbookRels =
    `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">` +
    sheets.map((n) => `<Relationship Id="rId${n}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
    `<Relationship Id="rId${names.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`;
  return [
    { name: '[Content_Types].xml', xml: contentTypes },
    { name: '_rels/.rels', xml: rootRels },
    { name: 'xl/workbook.xml', xml: workbook },
    { name: 'xl/_rels/workbook.xml.rels', xml: workbookRels },
    { name: 'xl/styles.xml', xml: STYLES_XML },
  ];
}

/** The start of a sheet's XML: the frozen header row, the column widths and styles; then rows, then SHEET_END. */
export function sheetStart(columns: readonly { width: number; format: CsvFormat }[], selected: boolean): string {
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" style="${STYLE_OF[c.format]}" customWidth="1"/>`).join('');
  return (
    `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"${selected ? ' tabSelected="1"' : ''}>` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`
  );
}

export const SHEET_END = '</sheetData></worksheet>';
