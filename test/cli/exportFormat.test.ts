/**
 * Who a CSV is for: a file separated by commas is for other programs, so `--delimiter ,` without a
 * `--format` writes the plain flavour (ISO dates, decimal point), never Russian Excel's dates and decimal commas
 * that other readers import as text. An explicit format still wins; `;` and tab keep the Excel default.
 */
import { describe, expect, it } from 'vitest';
import { exportFormat, tableExportFormat } from '../../src-main/cli/exportFormat';

describe('the CSV flavour of an export', () => {
  it('a comma without --format asks for the plain flavour, in both generations', () => {
    expect(exportFormat(undefined, 'ru', ',')).toBe(false);
    expect(tableExportFormat(undefined, 'out.csv', 'ru', ',')).toEqual({ format: 'csv', keepTextAsText: false });
  });

  it('«;» and tab keep the default for Russian Excel', () => {
    expect(exportFormat(undefined, 'ru', ';')).toBe(true);
    expect(exportFormat(undefined, 'ru', '\t')).toBe(true);
    expect(tableExportFormat(undefined, 'out.csv', 'ru', ';')).toEqual({ format: 'csv', keepTextAsText: true });
  });

  it('an explicit format wins over the delimiter, and an .xlsx name still means a workbook', () => {
    expect(exportFormat('excel', 'ru', ',')).toBe(true);
    expect(tableExportFormat('excel', 'out.csv', 'ru', ',')).toEqual({ format: 'csv', keepTextAsText: true });
    expect(tableExportFormat(undefined, 'out.xlsx', 'ru', ',')).toEqual({ format: 'xlsx', keepTextAsText: true });
  });
});
