import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CsvColumn, type CsvRow, writeCsv, type WriteCsvOptions } from '../../src-main/export/csv';
import { parseCsv } from './csvParse';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tenderwb-csv-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes to memory and returns the raw bytes. */
async function csvBytes(rows: Iterable<CsvRow> | AsyncIterable<CsvRow>, columns: CsvColumn[], opts?: WriteCsvOptions): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const result = await writeCsv(rows, columns, sink, opts);
  const bytes = Buffer.concat(chunks);
  expect(result.bytes).toBe(bytes.length);
  return bytes;
}

/** The file's records without the BOM, parsed per RFC 4180. */
async function csvRecords(rows: CsvRow[], columns: CsvColumn[], opts: WriteCsvOptions = {}): Promise<string[][]> {
  const text = (await csvBytes(rows, columns, opts)).toString('utf8').replace(/^\uFEFF/, '');
  return parseCsv(text, opts.delimiter ?? ';');
}

/** The single data cell of a one-column, one-row export. */
async function cell(value: unknown, format: CsvColumn['format'] = 'text', opts: WriteCsvOptions = {}): Promise<string> {
  const records = await csvRecords([{ v: value }], [{ key: 'v', header: 'V', format }], opts);
  return records[1]![0]!;
}

const text = (key: string, header = key): CsvColumn => ({ key, header });

describe('encoding and layout for Russian Excel (DOMAIN.md)', () => {
  it('starts with a UTF-8 BOM, uses ; and CRLF, writes Cyrillic as UTF-8', async () => {
    const bytes = await csvBytes([{ a: 'Поставка', b: 'ООО «Ромашка»' }], [text('a', 'Предмет'), text('b', 'Заказчик')]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('Предмет;Заказчик\r\nПоставка;ООО «Ромашка»\r\n');
  });

  it('can leave out the BOM and use , or tab; the decimal comma follows the delimiter unless set', async () => {
    const columns: CsvColumn[] = [text('a'), { key: 'p', header: 'p', format: 'money' }];
    const rows = [{ a: 'x', p: 1234.5 }];
    expect((await csvBytes(rows, columns, { bom: false })).toString()).toBe('a;p\r\nx;1234,50\r\n');
    expect((await csvBytes(rows, columns, { bom: false, delimiter: ',' })).toString()).toBe('a,p\r\nx,1234.50\r\n');
    expect((await csvBytes(rows, columns, { bom: false, delimiter: '\t' })).toString()).toBe('a\tp\r\nx\t1234.50\r\n');
    expect((await csvBytes(rows, columns, { bom: false, delimiter: ',', decimalComma: true })).toString()).toBe('a,p\r\nx,"1234,50"\r\n');
  });

  it('counts rows without the header and reports progress', async () => {
    const seen: number[] = [];
    const rows = Array.from({ length: 25 }, (_, i) => ({ a: i }));
    const sink = new PassThrough().resume();
    const result = await writeCsv(rows, [text('a')], sink, { onProgress: (n) => seen.push(n), progressEvery: 10 });
    expect(result.rows).toBe(25);
    expect(seen).toEqual([10, 20, 25]);
  });

  it('refuses an empty or repeated column list', async () => {
    await expect(writeCsv([], [], new PassThrough())).rejects.toThrow(/at least one column/);
    await expect(writeCsv([], [text('a'), text('a')], new PassThrough())).rejects.toThrow(/listed twice/);
  });
});

describe('RFC 4180 quoting', () => {
  it('quotes cells with quotes (doubled), the delimiter, CR or LF, and nothing else', async () => {
    const bytes = await csvBytes(
      [{ a: 'ООО "Вектор"', b: 'a;b', c: 'line1\r\nline2', d: 'only\nLF', e: 'plain, with comma' }],
      ['a', 'b', 'c', 'd', 'e'].map((k) => text(k)),
      { bom: false },
    );
    expect(bytes.toString()).toBe('a;b;c;d;e\r\n"ООО ""Вектор""";"a;b";"line1\r\nline2";"only\nLF";plain, with comma\r\n');
  });

  it('quotes a comma only when the comma is the delimiter', async () => {
    expect((await csvBytes([{ a: 'x,y' }], [text('a')], { bom: false, delimiter: ',' })).toString()).toBe('a\r\n"x,y"\r\n');
  });
});

describe('formula injection is neutralised', () => {
  it("prefixes ' to text starting with =, +, -, @, tab or CR", async () => {
    expect(await cell('=HYPERLINK("http://evil","x")')).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(await cell('+7 495 123-45-67')).toBe("'+7 495 123-45-67");
    expect(await cell('-2+3')).toBe("'-2+3");
    expect(await cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(await cell('\t=1+1')).toBe("'\t=1+1");
    expect(await cell('\r=1+1')).toBe("'\r=1+1");
    expect(await cell('Поставка = 5 шт.')).toBe('Поставка = 5 шт.');
  });

  it('also guards headers and the text fallback of numeric and date columns', async () => {
    const records = await csvRecords([{ a: '=1+1', b: '-cmd', c: '@x' }], [
      { key: 'a', header: '=evil()', format: 'money' },
      { key: 'b', header: 'b', format: 'integer' },
      { key: 'c', header: 'c', format: 'date' },
    ]);
    expect(records).toEqual([
      ["'=evil()", 'b', 'c'],
      ["'=1+1", "'-cmd", "'@x"],
    ]);
  });

  it('leaves plain negative numbers in numeric columns as numbers', async () => {
    expect(await cell(-1500, 'money')).toBe('-1500,00');
    expect(await cell('-1500.5', 'money')).toBe('-1500,50');
    expect(await cell(-42, 'integer')).toBe('-42');
    expect(await cell('-42', 'integer')).toBe('-42');
  });
});

describe('money: decimal comma, no thousands separator, kopecks', () => {
  it('writes 1234567,89 (what Excel parses as a number)', async () => {
    expect(await cell(1234567.89, 'money')).toBe('1234567,89');
    expect(await cell(100, 'money')).toBe('100,00');
    expect(await cell(0.1 + 0.2, 'money')).toBe('0,30');
    expect(await cell(1.005, 'money')).toBe('1,01');
    expect(await cell(-0.001, 'money')).toBe('0,00');
    expect(await cell('2500,5', 'money')).toBe('2500,50');
    expect(await cell(1234567.89, 'money', { decimalComma: false })).toBe('1234567.89');
  });

  it('leaves an empty cell for null and undefined, and keeps non-numbers as (guarded) text', async () => {
    expect(await cell(null, 'money')).toBe('');
    expect(await cell(undefined, 'money')).toBe('');
    expect(await cell('по запросу', 'money')).toBe('по запросу');
    expect(await cell(Number.NaN, 'money')).toBe('NaN');
  });

  it('writes integers as they are and fractional numbers with the decimal comma', async () => {
    expect(await cell(19, 'integer')).toBe('19');
    expect(await cell(12345678901234567890n, 'integer')).toBe('12345678901234567890');
    expect(await cell(2.5, 'integer')).toBe('2,5');
  });
});

describe('dates in Moscow time', () => {
  it('formats dd.mm.yyyy and dd.mm.yyyy HH:MM at UTC+3 whatever the input offset', async () => {
    expect(await cell('2026-03-01T22:30:00Z', 'date')).toBe('02.03.2026');
    expect(await cell('2026-03-01T22:30:00Z', 'datetime')).toBe('02.03.2026 01:30');
    expect(await cell('2026-03-01T10:05:00+03:00', 'datetime')).toBe('01.03.2026 10:05');
    expect(await cell('2026-12-31T23:59:59-05:00', 'datetime')).toBe('01.01.2027 07:59');
    expect(await cell(new Date(Date.UTC(2026, 0, 9, 21, 0)), 'date')).toBe('10.01.2026');
    expect(await cell(Date.UTC(2026, 0, 9, 20, 59), 'datetime')).toBe('09.01.2026 23:59');
  });

  it('reads a time without an offset as Moscow time and a bare date as that calendar date', async () => {
    expect(await cell('2026-07-15T09:00:00', 'datetime')).toBe('15.07.2026 09:00');
    expect(await cell('2026-07-15', 'date')).toBe('15.07.2026');
    expect(await cell('2026-07-15', 'datetime')).toBe('15.07.2026 00:00');
  });

  it('keeps what is not a date as text instead of dropping it', async () => {
    expect(await cell('не указана', 'date')).toBe('не указана');
    expect(await cell(null, 'datetime')).toBe('');
    expect(await cell(new Date(Number.NaN), 'date')).toBe('');
  });
});

describe('the common shapes take short paths with the same answers (a 100,000-row export formats ~1M cells)', () => {
  it("reads the API's own `yyyy-mm-ddTHH:MM:SS+03:00` (and the same without an offset) digit by digit", async () => {
    expect(await cell('2026-10-09T00:25:56+03:00', 'date')).toBe('09.10.2026');
    expect(await cell('2026-10-09T00:25:56+03:00', 'datetime')).toBe('09.10.2026 00:25');
    expect(await cell('2024-02-29T23:59:59+03:00', 'datetime')).toBe('29.02.2024 23:59');
    expect(await cell('0001-01-01T00:00:00', 'datetime')).toBe('01.01.0001 00:00');
  });

  it('leaves other offsets, fractions, spaces and impossible fields to the general path', async () => {
    expect(await cell('2026-10-09T00:25:56+05:00', 'datetime')).toBe('08.10.2026 22:25');
    expect(await cell('2026-10-09T00:25:56.250+03:00', 'datetime')).toBe('09.10.2026 00:25');
    expect(await cell('2026-10-09 00:25:56+03:00', 'datetime')).toBe('09.10.2026 00:25');
    expect(await cell(' 2026-10-09T00:25:56+03:00 ', 'date')).toBe('09.10.2026');
    // Not calendar dates: what the general path (Date.parse) made of them before the short path existed.
    expect(await cell('2026-02-29T10:00:00+03:00', 'datetime')).toBe('01.03.2026 10:00');
    expect(await cell('2026-04-31T10:00:00+03:00', 'date')).toBe('01.05.2026');
    expect(await cell('2026-10-09T24:00:00+03:00', 'datetime')).toBe('10.10.2026 00:00');
    expect(await cell('2026-13-01T10:00:00+03:00', 'date')).toBe('2026-13-01T10:00:00+03:00');
    expect(await cell('2026-10-09T10:60:00+03:00', 'date')).toBe('2026-10-09T10:60:00+03:00');
  });

  it('writes kopecks from integers up to 2^51 of them, and through toFixed beyond', async () => {
    expect(await cell(21572777.76, 'money')).toBe('21572777,76');
    expect(await cell(-1500.05, 'money')).toBe('-1500,05');
    expect(await cell(0.07, 'money')).toBe('0,07');
    expect(await cell(-0, 'money')).toBe('0,00');
    expect(await cell(22517998136852.47, 'money')).toBe('22517998136852,47'); // just under 2^51 kopecks
    expect(await cell(22517998136852.48, 'money')).toBe('22517998136852,48');
    expect(await cell(1e20, 'money')).toBe('100000000000000000000,00');
    expect(await cell(1e25, 'money')).toBe('1e+25'); // as toFixed writes it: no longer a number Excel reads, as before
    expect(await cell(-45035996273704.95, 'money', { decimalComma: false })).toBe('-45035996273704.96'); // the double is ...704.953125
  });

  it('quotes only for the delimiter in use, the quote, CR and LF; guards every formula start', async () => {
    expect(await cell('a;b', 'text', { delimiter: ',' })).toBe('a;b');
    expect(await cell('a\tb', 'text', { delimiter: '\t' })).toBe('a\tb');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(await cell(`${start}1`, 'text')).toBe(`'${start}1`);
  });
});

describe('text that Excel would turn into numbers or dates stays text', () => {
  it('wraps notice numbers, INNs with a leading zero and OKPD2 codes in ="…"', async () => {
    expect(await cell('0173100007426000018')).toBe('="0173100007426000018"');
    expect(await cell('32615951326')).toBe('32615951326'); // 11 digits: Excel shows it whole
    expect(await cell('500100732259')).toBe('="500100732259"'); // 12 digits: Excel would show 5,001E+11
    expect(await cell('0274062111')).toBe('="0274062111"');
    expect(await cell('7830002293')).toBe('7830002293');
    expect(await cell('01.11')).toBe('="01.11"');
    expect(await cell('01.11.11')).toBe('="01.11.11"'); // would become 01.11.2011
    expect(await cell('26.20')).toBe('="26.20"');
    expect(await cell('1-2')).toBe('="1-2"');
    expect(await cell('10:30')).toBe('="10:30"');
    expect(await cell('1 234 567,89')).toBe('="1 234 567,89"');
    expect(await cell('1E5')).toBe('="1E5"');
    expect(await cell('50%')).toBe('="50%"');
    expect(await cell('0')).toBe('0');
  });

  it('leaves text Excel keeps as text alone', async () => {
    expect(await cell('26.20.11.110')).toBe('26.20.11.110');
    expect(await cell('26.20.11.110-00000138')).toBe('26.20.11.110-00000138');
    expect(await cell('26.20.11.110, 26.20.17.110')).toBe('26.20.11.110, 26.20.17.110');
    expect(await cell('Поставка 01.11')).toBe('Поставка 01.11');
    expect(await cell('2024')).toBe('2024');
  });

  it('can be switched off for files meant for other programs', async () => {
    expect(await cell('0173100007426000018', 'text', { keepTextAsText: false })).toBe('0173100007426000018');
  });
});

describe('the plain flavour for other programs: ISO dates and dot decimals, so it reads as data in any locale', () => {
  const plain: WriteCsvOptions = { keepTextAsText: false };

  it('dates as yyyy-mm-dd and date-times as yyyy-mm-dd hh:mm:ss at the Moscow wall time, from every input the Excel flavour takes', async () => {
    expect(await cell('2026-12-06', 'date', plain)).toBe('2026-12-06');
    expect(await cell('2026-12-06', 'datetime', plain)).toBe('2026-12-06 00:00:00');
    // The API's own spelling, read digit by digit, and the same without an offset (Moscow time).
    expect(await cell('2026-12-06T09:05:07+03:00', 'datetime', plain)).toBe('2026-12-06 09:05:07');
    expect(await cell('2026-12-06T09:05:07', 'datetime', plain)).toBe('2026-12-06 09:05:07');
    expect(await cell('2026-12-06T09:05:07+03:00', 'date', plain)).toBe('2026-12-06');
    // Other offsets and instants through the general path: shifted to Moscow, the day too.
    expect(await cell('2026-03-01T22:30:15Z', 'datetime', plain)).toBe('2026-03-02 01:30:15');
    expect(await cell('2026-03-01T22:30:00Z', 'date', plain)).toBe('2026-03-02');
    expect(await cell('2026-12-31T23:59:59-05:00', 'datetime', plain)).toBe('2027-01-01 07:59:59');
    expect(await cell(new Date(Date.UTC(2026, 0, 9, 21, 0)), 'date', plain)).toBe('2026-01-10');
    expect(await cell(Date.UTC(2026, 0, 9, 20, 59, 30), 'datetime', plain)).toBe('2026-01-09 23:59:30');
    // What is not a date is still kept as text.
    expect(await cell('не указана', 'date', plain)).toBe('не указана');
  });

  it('money to the kopeck with a dot and no grouping, beside ; as well as , (never a float artefact)', async () => {
    for (const delimiter of [';', ',', '\t'] as const) {
      const opts = { ...plain, delimiter };
      // 49917550.06 + 0.7 is 49917550.760000005 in binary floating point.
      expect(await cell(49_917_550.06 + 0.7, 'money', opts)).toBe('49917550.76');
      expect(await cell(1234567.89, 'money', opts)).toBe('1234567.89');
      expect(await cell(-1500.05, 'money', opts)).toBe('-1500.05');
      expect(await cell(1.005, 'money', opts)).toBe('1.01');
      expect(await cell(0.7199999999999984, 'decimal', opts)).toBe('0.72');
      expect(await cell(2.5, 'integer', opts)).toBe('2.5');
      expect(await cell('1234,50', 'money', opts)).toBe('1234.50'); // a decimal comma read in, a dot written
    }
  });

  it('the Excel flavour stays Russian Excel\'s: dd.mm.yyyy, hh:mm, the decimal comma beside ;', async () => {
    expect(await cell('2026-12-06T09:05:07+03:00', 'datetime')).toBe('06.12.2026 09:05');
    expect(await cell('2026-12-06', 'date')).toBe('06.12.2026');
    expect(await cell(49_917_550.06 + 0.7, 'money')).toBe('49917550,76');
  });

  it('a whole plain file: every date, date-time and number cell has a shape any locale reads as data', async () => {
    const columns: CsvColumn[] = [
      { key: 'id', header: 'ID', format: 'integer' },
      { key: 'etp', header: 'Номер извещения' },
      { key: 'price', header: 'Цена', format: 'money' },
      { key: 'share', header: 'Доля, %', format: 'decimal' },
      { key: 'published', header: 'Опубликовано', format: 'date' },
      { key: 'end', header: 'Окончание', format: 'datetime' },
    ];
    const rows = [
      { id: 1, etp: '0373100000001', price: 21_572_777.76, share: 49.9123, published: '2026-12-06', end: '2026-12-20T10:00:00+03:00' },
      { id: 2, etp: '32615000000', price: 0.07, share: 0.5, published: '2026-01-31T23:30:00Z', end: '2026-02-01T06:59:00Z' },
    ];
    for (const delimiter of [';', ','] as const) {
      const records = await csvRecords(rows, columns, { ...plain, delimiter });
      expect(records.slice(1)).toEqual([
        ['1', '0373100000001', '21572777.76', '49.91', '2026-12-06', '2026-12-20 10:00:00'],
        ['2', '32615000000', '0.07', '0.5', '2026-02-01', '2026-02-01 09:59:00'],
      ]);
    }
  });
});

describe('read-back: a written file parses to exactly the input', () => {
  it('round-trips awkward text, money, dates and integers through a file on disk', async () => {
    const awkward = [
      'ООО "Рога и копыта"; филиал',
      'многострочное\r\nописание\nс переводами',
      ' пробелы по краям ',
      '',
      'эмодзи 📦 и ё',
      'кавычки "" двойные',
      'tab\tinside',
      '«ёлочки» и „лапки“',
    ];
    const rows = awkward.map((s, i) => ({ id: i + 1, name: s, price: i * 1000.25 - 500, end: `2026-0${(i % 9) + 1}-1${i}T12:0${i}:00+03:00` }));
    const columns: CsvColumn[] = [
      { key: 'id', header: 'ID', format: 'integer' },
      { key: 'name', header: 'Наименование; "в кавычках"', format: 'text' },
      { key: 'price', header: 'Цена', format: 'money' },
      { key: 'end', header: 'Окончание', format: 'datetime' },
    ];
    const target = path.join(dir, 'export.csv');
    const result = await writeCsv(rows, columns, target);
    const raw = readFileSync(target);
    expect(result).toEqual({ rows: rows.length, bytes: raw.length });
    expect(raw.subarray(0, 3).toString('hex')).toBe('efbbbf');

    const records = parseCsv(raw.subarray(3).toString('utf8'));
    expect(records[0]).toEqual(columns.map((c) => c.header));
    expect(records.slice(1)).toEqual(
      rows.map((r, i) => [
        String(r.id),
        r.name,
        r.price.toFixed(2).replace('.', ','),
        `1${i}.0${(i % 9) + 1}.2026 12:0${i}`,
      ]),
    );
  });
});

describe('streaming with backpressure', () => {
  it('streams 100k rows through a slow consumer without buffering them: bounded queue, flat heap', async () => {
    const ROWS = 100_000;
    const highWaterMark = 16 * 1024;
    let maxQueued = 0;
    let received = 0;
    const slowSink = new Writable({
      highWaterMark,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        setImmediate(callback); // a consumer slower than the producer
      },
    });
    const original = slowSink.write.bind(slowSink);
    slowSink.write = ((chunk: Buffer, ...rest: never[]) => {
      const ok = original(chunk, ...rest);
      maxQueued = Math.max(maxQueued, slowSink.writableLength);
      return ok;
    }) as typeof slowSink.write;

    const description = 'Поставка системных блоков, мониторов и периферийного оборудования в соответствии с техническим заданием; '.repeat(3);
    function* tenders(): Generator<CsvRow> {
      for (let i = 0; i < ROWS; i += 1) {
        yield {
          id: i,
          etp_id: String(173100007426000000n + BigInt(i)).padStart(19, '0'),
          name: `Поставка компьютерной техники для нужд учреждения № ${i}; партия "${i % 7}"`,
          description,
          price: i * 1.37,
          end: '2026-03-01T10:00:00+03:00',
        };
      }
    }
    const columns: CsvColumn[] = [
      { key: 'id', header: 'ID', format: 'integer' },
      { key: 'etp_id', header: 'Номер', format: 'text' },
      { key: 'name', header: 'Наименование', format: 'text' },
      { key: 'description', header: 'Описание', format: 'text' },
      { key: 'price', header: 'Цена', format: 'money' },
      { key: 'end', header: 'Окончание', format: 'datetime' },
    ];

    // Buffers live outside the JS heap: count both.
    const used = (): number => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = used();
    let peak = baseline;
    const result = await writeCsv(tenders(), columns, slowSink, {
      progressEvery: 5_000,
      onProgress: () => {
        peak = Math.max(peak, used());
      },
    });
    await new Promise<void>((resolve) => slowSink.end(resolve));
    if (process.env.CSV_MEMORY_REPORT) console.log(`peak growth ${((peak - baseline) / 1048576).toFixed(1)} MB, max queued ${maxQueued}`);

    expect(result.rows).toBe(ROWS);
    expect(received).toBe(result.bytes);
    expect(result.bytes).toBeGreaterThan(70_000_000); // ~78 MB of output, mostly 2-byte Cyrillic
    // One chunk (≤ 64K characters, ≤ 256 KB of UTF-8) may sit on top of a full buffer; never the whole file.
    expect(maxQueued).toBeLessThanOrEqual(highWaterMark + 256 * 1024);
    // Loose (garbage waiting for the collector counts too): a writer that ignored backpressure would hold all
    // ~78 MB at once.
    expect(peak - baseline).toBeLessThan(48 * 1024 * 1024);
  });

  it('takes async iterables (a database cursor, a feed) as well as arrays', async () => {
    async function* rows(): AsyncGenerator<CsvRow> {
      for (let i = 0; i < 3; i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        yield { a: `r${i}` };
      }
    }
    expect((await csvBytes(rows(), [text('a')], { bom: false })).toString()).toBe('a\r\nr0\r\nr1\r\nr2\r\n');
  });
});

describe('a file target is written to a temporary file and renamed on success', () => {
  function* failingAfter(n: number): Generator<CsvRow> {
    for (let i = 0; i < n; i += 1) yield { a: `row ${i}`.repeat(2000) };
    throw new Error('the database went away');
  }

  it('a throwing iterator leaves no target file and no temporary file', async () => {
    const target = path.join(dir, 'tenders.csv');
    await expect(writeCsv(failingAfter(200), [text('a')], target)).rejects.toThrow('the database went away');
    expect(existsSync(target)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a failed export leaves an existing file untouched; a successful one replaces it', async () => {
    const target = path.join(dir, 'tenders.csv');
    writeFileSync(target, 'previous export');
    await expect(writeCsv(failingAfter(10), [text('a')], target)).rejects.toThrow();
    expect(readFileSync(target, 'utf8')).toBe('previous export');
    expect(readdirSync(dir)).toEqual(['tenders.csv']);

    await writeCsv([{ a: 'new' }], [text('a')], target);
    expect(readFileSync(target, 'utf8')).toBe('\uFEFFa\r\nnew\r\n');
    expect(readdirSync(dir)).toEqual(['tenders.csv']);
  });

  it('a cancelled export leaves nothing behind', async () => {
    const target = path.join(dir, 'tenders.csv');
    const controller = new AbortController();
    function* rows(): Generator<CsvRow> {
      for (let i = 0; i < 10_000; i += 1) {
        if (i === 500) controller.abort(new Error('cancelled by the user'));
        yield { a: i };
      }
    }
    await expect(writeCsv(rows(), [text('a')], target, { signal: controller.signal })).rejects.toThrow('cancelled by the user');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('names the target when its directory does not exist', async () => {
    const target = path.join(dir, 'missing', 'tenders.csv');
    await expect(writeCsv([{ a: 1 }], [text('a')], target)).rejects.toThrow(`Cannot write ${target}`);
  });
});
