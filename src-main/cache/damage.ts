/**
 * Errors of a cache file that cannot be used (issue 13): damaged or not ours, or in a place that cannot be
 * written. Each carries a stable `code`, the file it is about and a sentence in both languages that names
 * the file (and, once it was moved aside, where it went), so the app, the CLI and the bridge say the same.
 */
import type { Text } from '../i18n/text';

/** What is wrong with the file. */
export type DamageReason = 'not_a_file' | 'empty' | 'not_sqlite' | 'truncated' | 'foreign' | 'corrupt';

const WHY: Record<DamageReason, Text> = {
  not_a_file: { ru: 'на его месте папка или не обычный файл', en: 'a folder or a special file stands in its place' },
  empty: { ru: 'файл пуст (0 байт)', en: 'the file is empty (0 bytes)' },
  not_sqlite: { ru: 'файл перезаписан чем-то, что не является базой данных', en: 'the file was overwritten with something that is not a database' },
  truncated: { ru: 'файл обрезан', en: 'the file is truncated' },
  foreign: { ru: 'это база данных другой программы', en: 'it is the database of another program' },
  corrupt: { ru: 'файл повреждён', en: 'the file is damaged' },
};

export class DamagedCacheError extends Error {
  readonly code = 'cache_damaged';
  /** Where the damaged file was moved (quarantine.ts); null while it is still in place. */
  movedTo: string | null = null;

  constructor(
    readonly file: string,
    readonly reason: DamageReason,
    /** SQLite's own words, for logs only: never shown as the message. */
    readonly detail: string = '',
  ) {
    super('');
    this.name = 'DamagedCacheError';
    this.message = this.text.en;
  }

  /** The sentence for the user, naming the file and where it went. */
  get text(): Text {
    const why = WHY[this.reason];
    const moved = this.movedTo;
    return {
      ru:
        `Файл кэша ${this.file} нельзя использовать: ${why.ru}.` +
        (moved ? ` Он перемещён в ${moved} (не удалён); кэш можно собрать заново с сервера без оплаты.` : ' Файл оставлен как есть.'),
      en:
        `The cache file ${this.file} cannot be used: ${why.en}.` +
        (moved ? ` It was moved to ${moved} (not deleted); the cache can be rebuilt from the server at no cost.` : ' The file was left as it is.'),
    };
  }

  /** Records where the file went, and says so in the message. */
  moved(to: string): this {
    this.movedTo = to;
    this.message = this.text.en;
    return this;
  }
}

export type AccessProblem = 'read_only' | 'read_only_fs' | 'missing';

/** The cache's folder cannot be written (issue 13: a read-only folder was reported as `ENOENT … mkdir`). */
export class CacheAccessError extends Error {
  readonly code = 'cache_read_only';

  constructor(
    readonly where: string,
    readonly problem: AccessProblem,
  ) {
    super('');
    this.name = 'CacheAccessError';
    this.message = this.text.en;
  }

  get text(): Text {
    switch (this.problem) {
      case 'read_only_fs':
        return {
          ru: `Папка данных ${this.where} на диске, доступном только для чтения: кэш нельзя записать. Выберите другую папку данных (--data-dir или TENDERWB_DATA_DIR).`,
          en: `The data folder ${this.where} is on a read-only disk: the cache cannot be written. Choose another data folder (--data-dir or TENDERWB_DATA_DIR).`,
        };
      case 'missing':
        return {
          ru: `Папки данных ${this.where} нет, и её не удалось создать. Проверьте путь или выберите другую папку данных.`,
          en: `The data folder ${this.where} does not exist and could not be created. Check the path or choose another data folder.`,
        };
      default:
        return {
          ru: `Папка данных ${this.where} доступна только для чтения: кэш нельзя записать. Дайте права на запись или выберите другую папку данных (--data-dir или TENDERWB_DATA_DIR).`,
          en: `The data folder ${this.where} is read-only: the cache cannot be written. Allow writing to it or choose another data folder (--data-dir or TENDERWB_DATA_DIR).`,
        };
    }
  }
}
