/**
 * What `tenderwb --help`, `tenderwb help COMMAND` and `tenderwb COMMAND [SUB] --help` print, in the run's
 * language: one entry per command of the dispatch table (commands/index.ts; test/cli/help.test.ts fails for a
 * command without one), each with its usage lines and what they do. A usage error quotes the same lines, so a
 * command's usage is written once.
 *
 * A usage line is a template: `{NAME}` and the other placeholders in braces are written in the run's language
 * (ИМЯ, ИНН…); the rest (commands, flags, codes) is typed as it is in either.
 */
import { AUDIT_PULL_PAGES } from '../audit/auditPullPages';
import { pick, text, type Locale, type Text } from '../i18n/text';
import { CliError } from './output';

type HelpLine = {
  /** The subcommand the line is for (`list create`); none for the command's own form. */
  sub?: string;
  usage: string;
  note: Text;
  /** The form of a profile of the earlier API generation. */
  earlier?: true;
};

export type CommandHelp = { about: Text; lines: HelpLine[]; more?: Text };

const PLACEHOLDERS: Record<string, Text> = {
  NAME: text('ИМЯ', 'NAME'),
  NEW: text('НОВОЕ_ИМЯ', 'NEW'),
  INN: text('ИНН', 'INN'),
  LABEL: text('МЕТКА', 'LABEL'),
  TAG: text('ТЕГ', 'TAG'),
  TEXT: text('ТЕКСТ', 'TEXT'),
  FILE: text('ФАЙЛ', 'FILE'),
  DIR: text('ПАПКА', 'DIR'),
  CODE: text('КОД', 'CODE'),
  DATE: text('ДАТА', 'DATE'),
  UNIT: text('ЕДИНИЦА', 'UNIT'),
  LOGIN: text('ЛОГИН', 'LOGIN'),
  STATUS: text('СТАТУС', 'STATUS'),
  COMMAND: text('КОМАНДА', 'COMMAND'),
  NUMBER: text('НОМЕР_ИЗВЕЩЕНИЯ', 'NOTICE_NUMBER'),
  REGISTRY: text('РЕЕСТРОВЫЙ_НОМЕР', 'REGISTRY_NUMBER'),
  LINK: text('ССЫЛКА_ЕИС', 'ZAKUPKI_URL'),
  REGION: text('РЕГИОН', 'REGION'),
};

const fill = (template: string, locale: Locale): string => template.replace(/\{([A-Z]+)\}/g, (all, key: string) => (PLACEHOLDERS[key] ? pick(PLACEHOLDERS[key], locale) : all));

const SPEND = '[--max-spend N | --no-cap]';

/** Every command's help, in the order of the overview. */
export const HELP: Record<string, CommandHelp> = {
  profile: {
    about: text('Профили: адрес API, поколение API и токен в хранилище паролей ОС; у каждого свой кэш.', 'Profiles: the API address, its generation and a token in the OS keychain; each has its own cache.'),
    lines: [
      {
        sub: 'add',
        usage: 'profile add {NAME} --base-url URL [--generation current|earlier] [--token-stdin]',
        note: text('добавляет профиль; --token-stdin читает токен со стандартного ввода в хранилище паролей', 'adds a profile; --token-stdin reads a token from standard input into the keychain'),
      },
      { sub: 'list', usage: 'profile list', note: text('профили; «*» — профиль по умолчанию', 'the profiles; "*" marks the default one') },
      {
        sub: 'use',
        usage: 'profile use {NAME}',
        note: text('профиль по умолчанию для команд без --profile (иначе — первый добавленный)', 'the default profile of commands without --profile (else the first one added)'),
      },
      { sub: 'remove', usage: 'profile remove {NAME} [--delete-data]', note: text('удаляет профиль и его токен; --delete-data — и его кэш', 'removes a profile and its token; --delete-data its cache too') },
    ],
  },
  login: {
    about: text('Вход логином и паролем: токен — в хранилище паролей, профиль создаётся или обновляется.', 'Signs in with a login and password: the token goes to the keychain, the profile is made or updated.'),
    lines: [
      {
        usage: 'login --base-url URL [--login {LOGIN}] [--generation current|earlier --login-url URL]',
        note: text(
          'пароль — с терминала без отображения или со стандартного ввода; профиль — --profile ИМЯ, иначе логин',
          'the password from the terminal without echo, or from standard input; the profile is --profile NAME, else the login',
        ),
      },
    ],
  },
  search: {
    about: text('Сохранённый поиск закупок (фильтр на сервере).', 'A saved search of tenders (a filter on the server).'),
    lines: [
      {
        usage: 'search (--query-file {FILE} | --query JSON) [--label {LABEL}] [--events created,updated] [--preview]',
        note: text('--preview: только оценка стоимости (не больше 1 ед.), поиск не сохраняется', '--preview: the cost estimate only (at most 1 unit), nothing saved'),
      },
    ],
  },
  sync: {
    about: text('Загрузка лент сохранённых поисков в кэш; уже полученное не оплачивается повторно.', 'Reads saved searches’ feeds into the cache; nothing received is paid for twice.'),
    lines: [
      {
        usage: `sync [{LABEL}|FILTER_ID|--all] [--contracts] ${SPEND} [--follow]`,
        note: text(
          'без флага — до лимита по умолчанию (settings.json); --follow — следить дальше, строка на каждое событие; затем документы, выбранные в «Настройки → Документы»',
          'without a flag up to the default cap (settings.json); --follow keeps following, a line per event; then the documents chosen in Settings → Documents',
        ),
      },
      { usage: `sync FILTER_ID|--all ${SPEND}`, note: text('фильтр раннего поколения API', 'a filter of the earlier API generation'), earlier: true },
    ],
  },
  filters: {
    about: text('Фильтры раннего поколения API (создаются в веб-интерфейсе сервиса).', 'Filters of the earlier API generation (made in the service’s web interface).'),
    lines: [{ usage: 'filters [--seen FILTER_ID]', note: text('фильтры и число закупок в кэше; --seen отмечает новые просмотренными', 'the filters and their cached counts; --seen marks the new ones seen'), earlier: true }],
  },
  card: {
    about: text(
      'Карточка закупки или контракта: из кэша бесплатно, иначе с сервера (1 ед. за версию, которой ещё нет); без связи — сохранённый объект.',
      'A tender or contract card: from the cache for free, else from the server (1 unit for a version not received before); offline, the stored object.',
    ),
    lines: [
      { sub: 'tender', usage: 'card tender ID [--external]', note: text('--external: ID — номер извещения на площадке', '--external: the ID is the platform’s notice number') },
      { sub: 'contract', usage: 'card contract ID [--reestr]', note: text('--reestr: ID — реестровый номер контракта', '--reestr: the ID is the contract’s registry number') },
      { sub: 'tender', usage: 'card tender ID [--page N] [--limit M]', note: text('страница позиций карточки', 'a page of the card’s positions'), earlier: true },
    ],
  },
  open: {
    about: text(
      'Открыть карточку по номеру извещения, реестровому номеру контракта, ссылке ЕИС или ID из карточки (до 10 цифр: сначала закупка, потом контракт; в приложении — поле «Открыть»).',
      'Opens a card by a notice number, a contract registry number, an EIS link or the ID a card shows (up to 10 digits: a tender first, then a contract; the app’s «Открыть» box).',
    ),
    lines: [{ usage: 'open {NUMBER}|{REGISTRY}|{LINK}', note: text('как card: из кэша бесплатно, иначе с сервера', 'as card: free from the cache, else from the server') }],
  },
  list: {
    about: text(
      'Списки закупок на сервере; переименование и удаление — только здесь (в API их нет).',
      'Tender lists on the server; renaming and deleting happen here only (the API has neither).',
    ),
    lines: [
      { sub: 'create', usage: 'list create {NAME} [--description {TEXT}]', note: text('создаёт список и печатает его LIST_ID', 'creates a list and prints its LIST_ID') },
      { sub: 'add', usage: 'list add LIST_ID ID...', note: text('добавляет закупки по их ID', 'adds tenders by their ids') },
      { sub: 'remove', usage: 'list remove LIST_ID ID...', note: text('убирает закупки из списка', 'removes tenders from the list') },
      { sub: 'show', usage: 'list show LIST_ID', note: text('участники списка (без связи — копия из кэша)', 'the list’s members (offline, the cached copy)') },
      { sub: 'list', usage: 'list list', note: text('списки, которые есть здесь', 'the lists held here') },
      { sub: 'sync', usage: 'list sync LIST_ID', note: text('заново читает участников списка с сервера', 'reads the list’s members from the server again') },
      { sub: 'load', usage: `list load LIST_ID ${SPEND}`, note: text('последние версии закупок списка (лента списка, платно)', 'the members’ latest versions (the list’s tender feed, paid)') },
      { sub: 'rename', usage: 'list rename LIST_ID {NAME}|--reset', note: text('другое имя здесь; --reset — имя с сервера', 'another name here; --reset: the server’s name') },
      { sub: 'delete', usage: 'list delete LIST_ID --yes', note: text('скрывает список здесь; на сервере он остаётся', 'hides the list here; the server keeps it') },
    ],
  },
  contracts: {
    about: text('Загрузка набора контрактов в кэш (как в разделе «Контракты»), по тому же правилу лимита, что sync.', 'Reads a contract set into the cache (as the Contracts view), under the same cap rule as sync.'),
    lines: [
      {
        usage: `contracts --customer {INN}[,{INN}] | --supplier-inn {INN}[,{INN}] [--supplier-name {NAME}] | --supplier-name {NAME} | --list LIST_ID | --tenders ID[,ID] ${SPEND}`,
        note: text('один способ задать набор', 'one way of naming the set'),
      },
    ],
  },
  enrich: {
    about: text(
      'Карточки объектов из кэша без позиций: 0 ед. за версии, которые уже есть.',
      'Cards of cached objects without positions: 0 units for the versions held.',
    ),
    lines: [
      {
        usage: 'enrich [--tenders] [--contracts] [--max-spend N] [--yes] [--preview]',
        note: text('--preview: что будет открыто, сколько времени и единиц; --yes — согласие на худший случай', '--preview: what it opens, how long, how many units; --yes consents to the worst case'),
      },
    ],
  },
  favorites: {
    about: text('Избранное раннего поколения API (вместо списков).', 'Favorites of the earlier API generation (instead of lists).'),
    lines: [
      { sub: 'list', usage: 'favorites [list]', note: text('избранные закупки', 'the favorite tenders'), earlier: true },
      { sub: 'add', usage: 'favorites add ETP_ID', note: text('добавляет в избранное', 'adds a favorite'), earlier: true },
      { sub: 'remove', usage: 'favorites remove ETP_ID', note: text('убирает из избранного', 'removes a favorite'), earlier: true },
      { sub: 'updates', usage: 'favorites updates', note: text('избранные, изменившиеся после добавления, и списания', 'favorites changed since added, and what was charged'), earlier: true },
    ],
  },
  export: {
    about: text(
      'Выгрузка из кэша в CSV или XLSX со сведениями об источнике (XLSX — лист «Источник», CSV — ФАЙЛ.provenance.json рядом).',
      'An export from the cache to CSV or XLSX with its provenance (XLSX: a «Источник» sheet; CSV: FILE.provenance.json beside it).',
    ),
    lines: [
      { sub: 'list', usage: 'export list LIST_ID [--refresh] --out {FILE}.csv|{FILE}.xlsx [--columns a,b,c] [--delimiter ";"] [--format xlsx|csv|excel|plain]', note: text('участники списка; --refresh — сначала прочитать их с сервера', 'a list’s members; --refresh reads them from the server first') },
      { sub: 'search', usage: 'export search {LABEL}|FILTER_ID --out {FILE} [--columns a,b,c] [--format xlsx|csv|excel|plain]', note: text('результаты сохранённого поиска', 'a saved search’s results') },
      { sub: 'ledger', usage: 'export ledger --out {FILE} [--columns a,b,c] [--format xlsx|csv|excel|plain]', note: text('журнал списаний, как он есть в кэше', 'the ledger as held here') },
      {
        sub: 'dossier',
        usage: 'export dossier customer|supplier {INN} --out {FILE}.xlsx|{FILE}.csv [--format xlsx|csv|excel|plain]',
        note: text('досье из кэша; код выхода 8, если по ИНН в кэше ничего нет', 'a dossier from the cache; exit 8 when the cache holds nothing on the INN'),
      },
      { sub: 'filter', usage: 'export filter FILTER_ID --out {FILE}.csv [--columns a,b,c] [--format excel|plain]', note: text('закупки фильтра', 'a filter’s tenders'), earlier: true },
      { sub: 'favorites', usage: 'export favorites --out {FILE}.csv', note: text('избранное', 'the favorites'), earlier: true },
    ],
    more: text(
      '--format: xlsx — книга Excel с типизированными ячейками; csv или excel (по умолчанию) — CSV, где цифры, которые Excel испортил бы, записаны как ="…"; plain — CSV простого текста для других программ.',
      '--format: xlsx, an Excel workbook with typed cells; csv or excel (the default), a CSV with digit strings Excel would mangle written ="…"; plain, a CSV of plain text for other programs.',
    ),
  },
  balance: {
    about: text('Баланс и списания за сегодня, как их сообщает сервер.', 'The balance and today’s charges as the server states them.'),
    lines: [
      { usage: 'balance', note: text('закупки и контракты', 'tenders and contracts') },
      { usage: 'balance', note: text('с дневными лимитами и лицензией', 'with the daily limits and the license'), earlier: true },
    ],
  },
  ledger: {
    about: text('Журнал списаний сервера (строки подтягиваются в кэш).', 'The server’s ledger (its rows are pulled into the cache).'),
    lines: [
      { usage: 'ledger [--last N]', note: text('последние N строк (по умолчанию 20; с --json — все)', 'the last N rows (20 by default; all with --json)') },
      {
        usage: 'ledger --by-search [--days N]',
        note: text(
          'единицы за последние N дней по Москве (по умолчанию 30) по каждому поиску или набору контрактов, по названию; удалённый поиск сохраняет название',
          'units of the last N Moscow days (30 by default) per search or contract set, by name; a deleted saved search keeps its name',
        ),
      },
      { usage: 'ledger [--last N]', note: text('история баланса', 'the balance history'), earlier: true },
    ],
  },
  audit: {
    about: text(
      'Сверка журнала списаний с полученным: каждая строка — версия, которая есть в кэше, ничего не оплачено дважды. Без связи — по кэшу и последней загрузке журнала.',
      'Audits the ledger against what was received: every row a version held, nothing paid twice. Offline, from the cache and the last ledger pull.',
    ),
    lines: [
      {
        usage: 'audit',
        note: text(
          `подгружает не больше ${AUDIT_PULL_PAGES} страниц новых строк журнала (до ${AUDIT_PULL_PAGES * 100} строк) и сверяет; если журнал длиннее, так и говорит, а следующий запуск продолжает с того же места; код выхода 0 — всё объяснено, 1 — найдены расхождения`,
          `pulls at most ${AUDIT_PULL_PAGES} pages of new ledger rows (up to ${AUDIT_PULL_PAGES * 100} rows) and audits; if the ledger is longer, it says so, and the next run goes on from there; exit 0 when everything is explained, 1 when problems were found`,
        ),
      },
      { usage: 'audit --full', note: text('сначала загружает журнал до конца (длинный журнал — минуты), затем сверяет', 'pulls the whole rest of the ledger first (minutes for a long one), then audits') },
    ],
  },
  cache: {
    about: text('Что хранится локально; поиск без связи.', 'What is held locally; offline search.'),
    lines: [
      { sub: 'stats', usage: 'cache stats', note: text('объекты, версии, поиски, списки, размер', 'objects, versions, searches, lists, size') },
      { sub: 'search', usage: 'cache search {TEXT} [--limit N]', note: text('полнотекстовый поиск по кэшу', 'full-text search of the cache') },
      { sub: 'versions', usage: 'cache versions --json', note: text('все хранимые версии', 'every version held') },
      { sub: 'rebuild', usage: 'cache rebuild', note: text('новый кэш после того, как повреждённый был перемещён в сторону', 'a new cache after a damaged one was moved aside') },
    ],
  },
  analytics: {
    about: text('Досье и цены из кэша: без связи и бесплатно.', 'Dossiers and prices from the cache: offline and free.'),
    lines: [
      { sub: 'customer', usage: 'analytics customer {INN}', note: text('досье заказчика; код выхода 8, если в кэше нет его контрактов', 'a customer’s dossier; exit 8 when the cache holds nothing on it') },
      { sub: 'supplier', usage: 'analytics supplier {INN}', note: text('досье поставщика', 'a supplier’s dossier') },
      { sub: 'competitors', usage: 'analytics competitors {LABEL}|FILTER_ID | analytics competitors --list LIST_ID', note: text('конкуренты по поиску или списку', 'competitors of a search or a list') },
      {
        sub: 'prices',
        usage: 'analytics prices --okpd2 {CODE}|--ktru {CODE} [--region N] [--from {DATE}] [--to {DATE}] [--unit {UNIT}] [--out {FILE}.csv]',
        note: text('цены за единицу: мин./медиана/макс., правило однородности 33 %', 'unit prices: min/median/max, the 33 % homogeneity rule'),
      },
    ],
  },
  flags: {
    about: text('Красные флаги с определением, доказательствами и источником.', 'Red flags with their definition, evidence and source.'),
    lines: [
      {
        usage: 'flags [--customer {INN} | --supplier {INN} | --list LIST_ID | --label {LABEL}] [--gaps]',
        note: text('--gaps: что не удалось проверить из-за нехватки поля', '--gaps: what could not be checked for lack of a field'),
      },
      { sub: 'dismiss', usage: 'flags dismiss {CODE} tender|contract|customer ID [--note {TEXT}]', note: text('отклонить флаг', 'dismisses a flag') },
      { sub: 'restore', usage: 'flags restore {CODE} tender|contract|customer ID', note: text('вернуть отклонённый флаг', 'restores a dismissed flag') },
    ],
  },
  mark: {
    about: text('Отметки аналитика: локально и бесплатно.', 'The analyst’s marks: local and free.'),
    lines: [
      {
        sub: 'tender',
        usage: 'mark tender ID [--tag {TAG}]... [--untag {TAG}]... [--status {STATUS}|none] [--assignee {NAME}] [--note {TEXT}] [--interesting | --not-interesting] [--allow-missing]',
        note: text(
          'статус кодом или названием (reviewing, «На рассмотрении»); --interesting / --not-interesting — «Интересно / Неинтересно» для разбора; закупку, которой нет в кэше, — только с --allow-missing',
          'a status by code or name (reviewing, «На рассмотрении»); --interesting / --not-interesting: the triage label; a tender the cache does not hold only with --allow-missing',
        ),
      },
      { sub: 'history', usage: 'mark history tender ID', note: text('история отметок закупки, в том числе из командной базы', 'the tender’s marks history, the team database’s too') },
    ],
  },
  marks: {
    about: text('Отмеченные закупки и управление тегами.', 'Marked tenders and the tags manager.'),
    lines: [
      { usage: 'marks [--tag {TAG}]... [--status {STATUS}]... [--assignee {NAME}]', note: text('отмеченные закупки', 'the marked tenders') },
      { sub: 'tags', usage: 'marks tags', note: text('теги и число закупок', 'the tags and their counts') },
      { sub: 'tag-rename', usage: 'marks tag-rename {TAG} {NEW}', note: text('переименовать тег', 'renames a tag') },
      { sub: 'tag-color', usage: 'marks tag-color {TAG} #rrggbb', note: text('цвет тега', 'a tag’s colour') },
      { sub: 'tag-merge', usage: 'marks tag-merge {TAG}... --into {TAG}', note: text('объединить теги', 'merges tags') },
      { sub: 'tag-delete', usage: 'marks tag-delete {TAG}', note: text('удалить тег', 'deletes a tag') },
    ],
  },
  triage: {
    about: text('Разбор: неразобранные закупки по тому, насколько вероятно вы их возьмёте; учится на ваших отметках, локально и бесплатно.', 'Triage: undecided tenders ranked by how likely you are to pursue them, learned from your marks, locally and for free.'),
    lines: [
      {
        usage: 'triage (--label {LABEL} | --list LIST_ID | --all) [--limit N] [--teammates]',
        note: text(
          'отметки «интересно»: статусы от «На рассмотрении» до «Проиграли» и mark --interesting; «неинтересно»: «Отказались» и mark --not-interesting; --teammates — учитывать статусы и отметки «интересно / неинтересно» коллег (без него — как в настройках приложения, «Разбор»)',
          'interesting: statuses from «На рассмотрении» to «Проиграли» and mark --interesting; not: «Отказались» and mark --not-interesting; --teammates: teammates’ statuses and interesting / not interesting labels count too (without it, as the app’s Settings → Triage say)',
        ),
      },
    ],
  },
  docs: {
    about: text(
      'Документация закупок без связи: скачать, перечислить, открыть. Документы не тратят единиц API: их адреса вне API.',
      'Tender documentation offline: download, list, open. Documents cost no API units: their addresses are outside the API.',
    ),
    lines: [
      {
        sub: 'fetch',
        usage: 'docs fetch (--tender ID... | --list LIST_ID | --label {LABEL} | --marked | --auto) [--max-mb N] [--file-max-mb N]',
        note: text(
          'скачать документы карточек из кэша; --auto — выбранное в «Настройки → Документы» (sync делает то же в конце); --max-mb — предел места под все документы, --file-max-mb — под один файл (без флагов — пределы из «Настройки → Документы», по умолчанию 2048 и 100)',
          'downloads the documents of the cached cards; --auto: what Settings → Documents choose (sync does it at its end); --max-mb caps all documents on disk, --file-max-mb one file (without them, the limits of Settings → Documents, 2048 and 100 by default)',
        ),
      },
      { sub: 'list', usage: 'docs list TENDER_ID', note: text('документы закупки: состояние, размер, sha256', 'a tender’s documents: state, size, sha256') },
      {
        sub: 'diff',
        usage: 'docs diff TENDER_ID [--from N] [--to N]',
        note: text(
          'что изменилось в документации между версиями: добавленные, удалённые, изменённые файлы и правки текста по словам',
          'what changed in the documentation between versions: files added, removed, changed, and the text’s word edits',
        ),
      },
      {
        sub: 'search',
        usage: "docs search '{TEXT}' [--law L]... [--region N]... [--tag {TAG}] [--status {STATUS}] [--limit N]",
        note: text('поиск в тексте скачанных документов, как в поиске по кэшу: формы слов, "фразы", OR, -слово', 'search in the downloaded documents’ text, as the cache search: word forms, "phrases", OR, -word'),
      },
      {
        sub: 'open',
        usage: 'docs open TENDER_ID {NAME} [--path-only]',
        note: text('открыть скачанный документ программой системы (копия во временной папке)', 'opens a downloaded document with the system’s program (a copy in a temporary folder)'),
      },
    ],
  },
  calendar: {
    about: text('Сроки в формате ICS из кэша: без связи и бесплатно; напоминание за рабочий день.', 'Deadlines as ICS from the cache: offline and free; a reminder one working day before.'),
    lines: [
      {
        usage: `calendar --out {FILE}.ics [--list LIST_ID | --label {LABEL} | --tag {TAG}... --status {STATUS}...] [--open-cards ${SPEND}]`,
        note: text(
          'без области — все отмеченные закупки; --open-cards сначала открывает карточки, которые ещё не открывались (ради ссылок на извещения)',
          'without a scope every marked tender; --open-cards first opens the cards never opened (for the links to the notices)',
        ),
      },
    ],
  },
  team: {
    about: text('Командная база PostgreSQL.', 'The team’s PostgreSQL database.'),
    lines: [
      {
        sub: 'sync',
        usage: 'team sync --postgres URL [--schema {NAME}] [--author {NAME}] [--refuse-unproven | --accept-unproven]',
        note: text(
          'отправить, чего нет у команды, и получить то, что отправили коллеги; --refuse-unproven: не принимать версии коллег без подтверждения доставки от API (запомнится для профиля, --accept-unproven снимает)',
          'pushes what the team lacks, pulls what teammates pushed; --refuse-unproven: refuse teammates’ versions without evidence of the API’s delivery (kept for the profile; --accept-unproven lifts it)',
        ),
      },
      { sub: 'password', usage: 'team password --postgres URL [--forget]', note: text('пароль командной базы в хранилище паролей (или удалить его)', 'keeps the team database’s password in the keychain (or deletes it)') },
    ],
  },
};

const HEADER = text(
  'Использование: tenderwb [--data-dir {DIR}] [--profile {NAME}] [--json] {COMMAND} …\n' +
    'Справка по команде: tenderwb help {COMMAND} или tenderwb {COMMAND} --help. Без --profile — профиль по умолчанию (tenderwb profile use {NAME}).',
  'Usage: tenderwb [--data-dir {DIR}] [--profile {NAME}] [--json] {COMMAND} …\n' +
    'Help on a command: tenderwb help {COMMAND} or tenderwb {COMMAND} --help. Without --profile, the default profile (tenderwb profile use {NAME}).',
);

const EXIT_CODES = text(
  'Коды выхода: 0 — готово; 1 — ошибка (причина — в сообщении; сбой сети или сервера стоит повторить); 2 — неверный вызов, или загрузка отклонена до оплаты: ' +
    'её оценка выше лимита по умолчанию; 3 — баланс исчерпан; 4 — дневной лимит раннего поколения; 5 — дневной бюджет исчерпан; 6 — кэш повреждён ' +
    '(перемещён в сторону, tenderwb cache rebuild); 7 — в папку данных нельзя писать; 8 — в кэше нет данных по ИНН досье (сообщение называет команду, которая загрузит его контракты); ' +
    '9 — на диске нет места (ничего сохранённого не потеряно: освободите место и повторите).',
  'Exit codes: 0 done; 1 failed (the message says why; a network or server failure is worth a retry); 2 a usage error, or a run refused before paying ' +
    'because its preview is above the default cap; 3 the balance ran out; 4 the earlier generation’s daily limit; 5 the daily budget is used up; 6 the cache ' +
    'was damaged (moved aside, tenderwb cache rebuild); 7 the data folder cannot be written; 8 the cache holds nothing on a dossier’s INN (the message names the command that loads its contracts); ' +
    '9 the disk is full (nothing saved is lost: free some space and run it again).',
);

const EARLIER_HEADING = text('Профиль раннего поколения API (profile add ИМЯ --generation earlier --base-url …/api/v2):', 'A profile of the earlier API generation (profile add NAME --generation earlier --base-url …/api/v2):');

/** Every command's usage lines, then the earlier generation's: `tenderwb --help`. */
export function overviewHelp(locale: Locale): string {
  const lines = [fill(pick(HEADER, locale), locale), ''];
  for (const help of Object.values(HELP)) for (const l of help.lines.filter((x) => !x.earlier)) lines.push(`  ${fill(l.usage, locale)}`);
  lines.push('', pick(EARLIER_HEADING, locale));
  for (const help of Object.values(HELP)) for (const l of help.lines.filter((x) => x.earlier)) lines.push(`  ${fill(l.usage, locale)}`);
  lines.push('', pick(EXIT_CODES, locale));
  return lines.join('\n');
}

/** The subcommands a command's help names (`list create`, …), in order. */
export function subcommandsOf(command: string): string[] {
  return [...new Set((HELP[command]?.lines ?? []).flatMap((l) => (l.sub ? [l.sub] : [])))];
}

/** `tenderwb help COMMAND [SUB]`: what it does, its usage lines (a subcommand's only, when one is named) with their notes. */
export function commandHelp(command: string, sub: string | undefined, locale: Locale): string | null {
  const help = HELP[command];
  if (!help) return null;
  const chosen = sub !== undefined && help.lines.some((l) => l.sub === sub) ? help.lines.filter((l) => l.sub === sub) : help.lines;
  const out = [pick(help.about, locale), ''];
  const current = chosen.filter((l) => !l.earlier);
  const earlier = chosen.filter((l) => l.earlier);
  for (const l of current) out.push(`  tenderwb ${fill(l.usage, locale)}`, `      ${pick(l.note, locale)}`);
  if (earlier.length) {
    if (current.length) out.push('', pick(EARLIER_HEADING, locale));
    for (const l of earlier) out.push(`  tenderwb ${fill(l.usage, locale)}`, `      ${pick(l.note, locale)}`);
  }
  if (help.more) out.push('', pick(help.more, locale));
  return out.join('\n');
}

/**
 * A usage error (exit 2) quoting the command's usage lines (a subcommand's, when named) and where its help is,
 * in both languages; main.ts says the run's side. `problem` is what was wrong, when there is more to say.
 */
export function usageError(command: string, sub?: string, problem?: Text): CliError {
  const help = HELP[command];
  const lines = (help?.lines ?? []).filter((l) => (sub !== undefined && help!.lines.some((x) => x.sub === sub) ? l.sub === sub : true));
  const say = (locale: Locale): string => {
    const usage = lines.map((l) => `tenderwb ${fill(l.usage, locale)}`).join(' | ');
    const prefix = problem ? `${pick(problem, locale)}; ` : '';
    return locale === 'en' ? `${prefix}usage: ${usage} (see "tenderwb help ${command}")` : `${prefix}использование: ${usage} (подробнее: tenderwb help ${command})`;
  };
  return new CliError({ ru: say('ru'), en: say('en') }, 2);
}
