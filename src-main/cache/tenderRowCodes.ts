/**
 * The `tender` row's three frequent short texts as small integer codes (migration 0037, for the size goal:
 * ≤ 1.0 GB per 1,000,000 tenders). Measured at 20,000 tenders, the status (`active`, `completed`, `cancelled`),
 * the law (`44-FZ`, `223-FZ`, `commercial`) and the currency (`RUB`) took 16 bytes of a ~215-byte row; as codes
 * 0, 1 and 2 they take 0 or 1 byte (SQLite stores the integers 0 and 1 with no body at all).
 *
 * The columns have no declared type since 0037 (BLOB affinity: a value is kept as given), so a code is an
 * integer and anything else a server sends stays its text: the two can never be mistaken for each other, and a
 * status the reference does not list (another server's) is kept and shown as it came.
 *
 * Writers store `boundCode(stored*(text))`; readers show `*Sql(column)`, which gives the text back for a code and the value
 * itself otherwise (so it reads a file of an older schema, whose columns hold texts, the same way); a filter
 * matches `statusMatches` / `lawMatches` of the texts it looks for.
 */
/** The schema from which the columns hold codes (migration 0037). */
export const TENDER_ROW_CODES_SCHEMA = 37;

/** The reference's tender statuses (4.5), in code order: the index is the code. Never reorder: files hold codes. */
const STATUS_WORDS = ['active', 'completed', 'cancelled'] as const;
/** The laws, in code order (domain/laws.ts's LAWS, pinned here because files hold codes; a test keeps them equal). */
const LAW_WORDS = ['44-FZ', '223-FZ', 'commercial'] as const;
const CURRENCY_WORDS = ['RUB'] as const;

type Stored = string | number | null;

const encoder =
  (words: readonly string[]) =>
  (text: string | null): Stored => {
    if (text === null) return null;
    const code = words.indexOf(text);
    return code < 0 ? text : code;
  };

/** SQL of the text a coded column shows: a code's word, else the value as stored (a text, or NULL). */
const decoder =
  (words: readonly string[]) =>
  (column: string): string =>
    `CASE WHEN typeof(${column}) = 'integer' THEN CASE ${column} ${words.map((w, i) => `WHEN ${i} THEN '${w}'`).join(' ')} END ELSE ${column} END`;

/**
 * A value as the writer binds it: better-sqlite3 binds every JS number as a REAL, which a column without a type
 * keeps as an 8-byte float (only a REAL column turns whole floats into integers): a code is bound as an integer.
 */
export const boundCode = (stored: Stored): string | bigint | null => (typeof stored === 'number' ? BigInt(stored) : stored);

export const storedStatus = encoder(STATUS_WORDS);
export const storedLaw = encoder(LAW_WORDS);
export const storedCurrency = encoder(CURRENCY_WORDS);
/**
 * What a filter on the column matches for these texts: each text and its code (a file before 0037, which the
 * migration tests read with this build's readers, holds the texts).
 */
const storedForms =
  (encode: (text: string | null) => Stored) =>
  (texts: readonly string[]): Stored[] =>
    [...new Set(texts.flatMap((text) => [text, encode(text)]))];
export const statusMatches = storedForms(storedStatus);
export const lawMatches = storedForms(storedLaw);

export const statusSql = decoder(STATUS_WORDS);
export const lawSql = decoder(LAW_WORDS);
export const currencySql = decoder(CURRENCY_WORDS);

/** SQL that turns a text column of a file before 0037 into its codes (the migration's copy). */
const encodedSql =
  (words: readonly string[]) =>
  (column: string): string =>
    `CASE ${column} ${words.map((w, i) => `WHEN '${w}' THEN ${i}`).join(' ')} ELSE ${column} END`;
export const statusCodeSql = encodedSql(STATUS_WORDS);
export const lawCodeSql = encodedSql(LAW_WORDS);
export const currencyCodeSql = encodedSql(CURRENCY_WORDS);

