/**
 * Errors of a cache file that cannot be used: damaged or not ours, or in a place that cannot be
 * written. Each carries a stable `code`, the file it is about and a sentence in both languages that names
 * the file (and, once it was moved aside, where it went), so the app, the CLI and the bridge say the same.
 */
import type { Text } from '../i18n/text';

/**
 * What is wrong with the file. `note_unreadable`: the file is gone (moved aside) and the note that records where
 * cannot be read (left empty by a full disk), so no new cache may be made without the user's word.
 */
export type DamageReason = 'not_a_file' | 'empty' | 'not_sqlite' | 'truncated' | 'foreign' | 'corrupt' | 'note_unreadable';

const WHY: Record<DamageReason, Text> = {
  not_a_file: { ru: 'на его месте папка или не обычный файл', en: 'a folder or a special file stands in its place' },
  empty: { ru: 'файл пуст (0 байт)', en: 'the file is empty (0 bytes)' },
  not_sqlite: { ru: 'файл перезаписан чем-то, что не является базой данных', en: 'the file was overwritten with something that is not a database' },
  truncated: { ru: 'файл обрезан', en: 'the file is truncated' },
  foreign: { ru: 'это база данных другой программы', en: 'it is the database of another program' },
  corrupt: { ru: 'файл повреждён', en: 'the file is damaged' },
  note_unreadable: { ru: 'его нет на месте, а записка о его перемещении не читается', en: 'it is not in its place, and the note recording where it was moved cannot be read' },
};

/** Why a damaged file was left where it is although it should have been moved aside. */
export type UnmovedReason = 'disk_full' | 'note_not_written' | 'not_movable';

const UNMOVED: Record<UnmovedReason, Text> = {
  disk_full: {
    ru: 'Файл оставлен на месте: на диске нет места для записки о его перемещении. Освободите место на диске и повторите.',
    en: 'The file was left in place: the disk has no room for the note recording its move. Free some disk space and try again.',
  },
  note_not_written: {
    ru: 'Файл оставлен на месте: записку о его перемещении не удалось записать.',
    en: 'The file was left in place: the note recording its move could not be written.',
  },
  not_movable: { ru: 'Файл оставлен как есть.', en: 'The file was left as it is.' },
};

export class DamagedCacheError extends Error {
  readonly code = 'cache_damaged';
  /** Where the damaged file was moved (quarantine.ts); null while it is still in place. */
  movedTo: string | null = null;
  /** Why it is still in place, when moving it was tried and not done. */
  unmovedBecause: UnmovedReason = 'not_movable';
  /** For `note_unreadable`: the note that cannot be read. */
  notePath: string | null = null;

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
    if (this.reason === 'note_unreadable') return this.unreadableNoteText();
    const unmoved = UNMOVED[this.unmovedBecause];
    return {
      ru:
        `Файл кэша ${this.file} нельзя использовать: ${why.ru}.` +
        (moved ? ` Он перемещён в ${moved} (не удалён); кэш можно собрать заново с сервера без оплаты.` : ` ${unmoved.ru}`),
      en:
        `The cache file ${this.file} cannot be used: ${why.en}.` +
        (moved ? ` It was moved to ${moved} (not deleted); the cache can be rebuilt from the server at no cost.` : ` ${unmoved.en}`),
    };
  }

  /** The file is gone and its note unreadable: no new cache is made quietly over the user's work. */
  private unreadableNoteText(): Text {
    const moved = this.movedTo;
    return {
      ru:
        `Кэша ${this.file} нет на месте, а записка о его перемещении (${this.notePath}) не читается: новый пустой кэш не создан, чтобы не потерять отметки, списки и сохранённые поиски. ` +
        (moved
          ? `Перемещённый файл — ${moved}: соберите кэш заново, и в новый кэш перейдёт то, что он ещё даёт.`
          : 'Перемещённого файла рядом нет: соберите кэш заново, когда будете готовы начать с пустого.'),
      en:
        `The cache ${this.file} is not in its place, and the note recording its move (${this.notePath}) cannot be read: no new empty cache was made, so that marks, lists and saved searches are not lost. ` +
        (moved
          ? `The moved file is ${moved}: rebuild the cache, and what it still gives goes into the new one.`
          : 'There is no moved file beside it: rebuild the cache when you are ready to start from an empty one.'),
    };
  }

  /**
   * The cache `file` is gone and its note `notePath` cannot be read; `movedTo` is the newest file it was moved to
   * that is still there (the rebuild salvages from it), or null.
   */
  static noteUnreadable(file: string, notePath: string, movedTo: string | null, detail = ''): DamagedCacheError {
    const error = new DamagedCacheError(file, 'note_unreadable', detail);
    error.notePath = notePath;
    return movedTo === null ? error.unmoved('not_movable') : error.moved(movedTo);
  }

  /** Records why the file is still in place, and says so in the message. */
  unmoved(because: UnmovedReason): this {
    this.unmovedBecause = because;
    this.message = this.text.en;
    return this;
  }

  /** Records where the file went, and says so in the message. */
  moved(to: string): this {
    this.movedTo = to;
    this.message = this.text.en;
    return this;
  }
}

/**
 * Stored data that does not read back as it was written: a pack or a card that does not inflate, that
 * inflates to another length than the one stored beside it, or whose member is not where its row says. SQLite's
 * checks (quick_check at open, which a cache over 32 MB skips, and the page checks of every read) look at the
 * file's structure, never at the bytes of a value, so this is damage met when read: handled as SQLITE_CORRUPT
 * is (fileCheck.ts isDamageError), never shown as zlib's or the JSON parser's words.
 */
export class StoredDataDamageError extends Error {
  readonly code = 'cache_stored_data_damaged';

  constructor(
    /** What was read, for logs: `pack 12`, `card`. */
    readonly what: string,
    /** What was wrong with it, for logs only. */
    readonly detail: string,
  ) {
    super(`The cache's ${what} is damaged: ${detail}`);
    this.name = 'StoredDataDamageError';
  }
}

export type AccessProblem = 'read_only' | 'read_only_fs' | 'missing';

/** The cache's folder cannot be written (a read-only folder was reported as `ENOENT … mkdir`). */
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
