/** The insights view's words, Russian first, English with every key. */
import { formatInt } from '../../format/format';
import { count, NOUNS, type Strings } from '../../i18n/i18n';

export const insightsStrings: Strings<{
  title: string;
  back: string;
  tabDossier: string;
  tabCompetitors: string;
  tabPrices: string;
  tabFlags: string;
  offlineNote: string;
  loading: string;
  // Dossier form and header
  dossierFormTitle: string;
  customer: string;
  supplier: string;
  inn: string;
  open: string;
  innRequired: string;
  customerDossier: string;
  supplierDossier: string;
  innOf: (inn: string) => string;
  unnamed: string;
  flagsOfCustomer: string;
  flagsOfSupplier: string;
  // Figures
  tenders: string;
  totalInitial: string;
  contracts: string;
  totalPrice: string;
  noPriceSent: string;
  noCustomerSent: string;
  suppliers: string;
  customers: string;
  medianReduction: string;
  reductionSample: (n: number) => string;
  reductionHint: string;
  singleShare: string;
  singleShareHint: string;
  hhi: string;
  hhiLow: string;
  hhiModerate: string;
  hhiHigh: string;
  hhiHint: string;
  paidShare: string;
  terminations: string;
  byStatus: string;
  byLaw: string;
  byPlacement: string;
  regions: string;
  okpd2Classes: string;
  stages: string;
  topSuppliers: string;
  topCustomers: string;
  name: string;
  count: string;
  value: string;
  share: string;
  none: string;
  timeline: string;
  timelineEmpty: string;
  month: string;
  tenderPrice: string;
  contractPrice: string;
  tendersCount: string;
  contractsCount: string;
  showTable: string;
  // Completeness and backfill
  completeness: string;
  completeCoverage: (withContract: number, completed: number) => string;
  noCompleted: string;
  cachedOnly: string;
  withoutPrice: (n: number) => string;
  withoutTender: (n: number) => string;
  withoutPlacement: (n: number) => string;
  withoutCustomer: (n: number) => string;
  backfillHint: string;
  serverUnknown: string;
  nothingCached: string;
  nothingCachedAdvice: string;
  smallSample: (n: number) => string;
  smallSampleTenders: (n: number) => string;
  paidShareHint: string;
  noPaidData: string;
  // Competitors and flags scope
  scope: string;
  scopeSearch: string;
  scopeList: string;
  scopeAll: string;
  chooseScope: string;
  noScopes: string;
  competitorsOf: (name: string) => string;
  competitorsSummary: (tenders: number, contracts: number, suppliers: number) => string;
  competitorsNone: string;
  // Prices
  pricesTitle: string;
  code: string;
  codeHint: string;
  region: string;
  anyRegion: string;
  from: string;
  to: string;
  unit: string;
  anyUnit: string;
  find: string;
  enrichHint: string;
  statN: string;
  statFound: string;
  statMin: string;
  statMedian: string;
  statMax: string;
  statMean: string;
  statCv: string;
  homogeneous: string;
  notHomogeneous: string;
  homogeneityUnknown: string;
  homogeneityRule: string;
  datePlaceholder: string;
  statsUnit: (unit: string) => string;
  otherUnits: string;
  noPositions: string;
  sourcesLine: (objects: number, contracts: number, tenders: number, customers: number) => string;
  warnFewSources: string;
  warnOneCustomer: string;
  noteOnlyNotices: string;
  notePooledKtru: (n: number) => string;
  positions: (n: number) => string;
  rowsCut: (shown: number) => string;
  source: string;
  kindTender: string;
  kindContract: string;
  date: string;
  posTitle: string;
  ktru: string;
  quantity: string;
  unitPrice: string;
  outlier: string;
  excludedNoPrice: string;
  excludedOtherUnit: string;
  exportCsv: string;
  exported: (rows: number, where: string) => string;
  exportedDownload: (rows: number, file: string) => string;
  // Flags
  flagsOf: (name: string) => string;
  flagsGaps: string;
  gap: (objects: number, field: string, kind?: 'tender' | 'contract' | 'customer') => string;
  checkedOn: (n: number) => string;
  definition: string;
  sourceOf: string;
  needs: string;
  notGuaranteed: string;
  evidence: string;
  dismiss: string;
  restore: string;
  dismissed: string;
  note: string;
  showDismissed: (n: number) => string;
  objectTender: string;
  objectContract: string;
  objectCustomer: string;
  flagsHeadline: (open: number, clean: number, unchecked: number, total: number) => string;
  stateRaised: (n: number) => string;
  stateClean: string;
  stateUnchecked: (n: number, kind?: 'tender' | 'contract' | 'customer') => string;
  remedyCards: string;
  remedyTenders: string;
  remedyPeers: string;
  remedyNone: string;
  gapsDiffer: string;
}> = {
  ru: {
    title: 'Аналитика',
    back: 'Назад',
    tabDossier: 'Досье',
    tabCompetitors: 'Конкуренты',
    tabPrices: 'Цены (обоснование НМЦК)',
    tabFlags: 'Красные флаги',
    offlineNote: 'Считается по данным кэша: бесплатно и без связи с сервером.',
    loading: 'Считаем…',
    dossierFormTitle: 'Досье заказчика или поставщика',
    customer: 'Заказчик',
    supplier: 'Поставщик',
    inn: 'ИНН',
    open: 'Открыть досье',
    innRequired: 'Введите ИНН: 10 или 12 цифр.',
    customerDossier: 'Досье заказчика',
    supplierDossier: 'Досье поставщика',
    innOf: (inn) => `ИНН ${inn}`,
    unnamed: 'Название неизвестно',
    flagsOfCustomer: 'Красные флаги заказчика',
    flagsOfSupplier: 'Красные флаги поставщика',
    tenders: 'Закупки',
    totalInitial: 'Сумма НМЦК',
    contracts: 'Контракты',
    totalPrice: 'Сумма контрактов',
    noPriceSent: 'сервер не прислал цену ни одного контракта',
    noCustomerSent: 'неизвестно: контракты не называют заказчика',
    suppliers: 'Поставщики',
    customers: 'Заказчики',
    medianReduction: 'Медианное снижение цены',
    // Dative after «по»: «по 1 контракту», «по 2 контрактам», «по 11 контрактам», «по 21 контракту».
    reductionSample: (n) => `по ${formatInt(n, 'ru')} ${n % 10 === 1 && n % 100 !== 11 ? 'контракту' : 'контрактам'}`,
    reductionHint: 'Снижение = 1 − цена контракта / НМЦК его закупки; только контракты, закупка которых есть в кэше с НМЦК больше 0.',
    singleShare: 'Доля закупок у единственного поставщика',
    singleShareHint: 'Среди закупок, способ определения поставщика которых известен.',
    hhi: 'Концентрация поставщиков (HHI)',
    hhiLow: 'низкая концентрация',
    hhiModerate: 'умеренная концентрация',
    hhiHigh: 'высокая концентрация',
    hhiHint: 'Индекс Херфиндаля — Хиршмана: сумма квадратов долей поставщиков в сумме контрактов (0–10 000); выше 2 500 — высокая концентрация.',
    paidShare: 'Оплачено',
    terminations: 'Расторжения',
    byStatus: 'Закупки по статусу',
    byLaw: 'Закупки по закону',
    byPlacement: 'Закупки по способу определения поставщика',
    regions: 'Регионы',
    okpd2Classes: 'Классы ОКПД2',
    stages: 'Стадии контрактов',
    topSuppliers: 'Поставщики заказчика',
    topCustomers: 'Заказчики поставщика',
    name: 'Наименование',
    count: 'Количество',
    value: 'Сумма',
    share: 'Доля',
    none: 'Нет данных в кэше.',
    timeline: 'По месяцам (время московское)',
    timelineEmpty: 'Нет закупок и контрактов с датой — графику не из чего строиться.',
    month: 'Месяц',
    tenderPrice: 'НМЦК закупок',
    contractPrice: 'Сумма контрактов',
    tendersCount: 'Закупок',
    contractsCount: 'Контрактов',
    showTable: 'Таблица по месяцам',
    completeness: 'Полнота данных',
    // «из 1 завершённой закупки», «из 21 завершённой закупки», «из 240 завершённых закупок».
    completeCoverage: (w, c) => `Контракты есть в кэше по ${w} из ${c} ${c % 10 === 1 && c % 100 !== 11 ? 'завершённой закупки' : 'завершённых закупок'}.`,
    noCompleted: 'Завершённых закупок в кэше нет.',
    cachedOnly: 'Учтены контракты, которые уже есть в кэше.',
    withoutPrice: (n) => `Без цены: ${count(n, NOUNS.contract, 'ru')} (в суммы не входят).`,
    withoutTender: (n) => `Без закупки в кэше: ${count(n, NOUNS.contract, 'ru')} (снижение цены по ним не считается).`,
    withoutPlacement: (n) => `Способ определения поставщика не указан: ${count(n, NOUNS.tender, 'ru')}.`,
    withoutCustomer: (n) => `Заказчик не указан: ${count(n, NOUNS.contract, 'ru')}.`,
    backfillHint: 'Запрос контрактов по ИНН платный: сначала покажем стоимость, без вашего подтверждения ничего не загрузится.',
    serverUnknown: 'Сколько контрактов по этому ИНН есть на сервере, неизвестно, пока их не дозагрузить.',
    nothingCached: 'В кэше нет данных по этому ИНН.',
    nothingCachedAdvice: 'Синхронизируйте сохранённый поиск, в который попадают его закупки, или дозагрузите контракты по ИНН (платно, стоимость покажем заранее).',
    smallSample: (n) => `мало данных (${count(n, NOUNS.contract, 'ru')}): вывод ненадёжен`,
    smallSampleTenders: (n) => `Мало данных (${count(n, NOUNS.tender, 'ru')}): вывод ненадёжен.`,
    paidShareHint: 'доля оплаченной суммы в цене контрактов, где сервер прислал и то и другое',
    noPaidData: 'сервер не прислал данных об оплате',
    scope: 'По закупкам',
    scopeSearch: 'Сохранённый поиск',
    scopeList: 'Список',
    scopeAll: 'Весь кэш',
    chooseScope: 'Выберите сохранённый поиск или список',
    noScopes: 'Нет сохранённых поисков и списков: создайте их в разделах «Поиск» и «Списки».',
    competitorsOf: (name) => `Конкуренты: кто выигрывает закупки «${name}»`,
    competitorsSummary: (t, c, s) => `${count(t, NOUNS.tender, 'ru')}, ${count(c, NOUNS.contract, 'ru')} в кэше, поставщиков: ${s}.`,
    competitorsNone: 'Контрактов по этим закупкам в кэше нет: загрузите поиск с контрактами.',
    pricesTitle: 'Ценовой ориентир по позициям контрактов и закупок',
    code: 'Код ОКПД2 или КТРУ',
    codeHint: 'Можно начало кода: 26.20 — все компьютеры.',
    region: 'Регион',
    anyRegion: 'Все регионы',
    from: 'С даты',
    to: 'По дату',
    unit: 'Единица измерения',
    anyUnit: 'любая (самая частая)',
    find: 'Рассчитать',
    enrichHint: 'Позиции приходят только с карточками. Карточки уже полученных версий бесплатны, но медленны: 100 запросов в минуту.',
    statN: 'Позиций в расчёте',
    statFound: 'Найдено сопоставимых',
    statMin: 'Минимум',
    statMedian: 'Медиана',
    statMax: 'Максимум',
    statMean: 'Среднее',
    statCv: 'Коэффициент вариации',
    homogeneous: 'Цены однородны: коэффициент вариации не больше 33 %',
    notHomogeneous: 'Цены неоднородны: коэффициент вариации больше 33 %',
    homogeneityUnknown: 'Однородность не оценить: нужно хотя бы две позиции',
    homogeneityRule: 'Правило однородности — методические рекомендации Минэкономразвития (приказ № 567): коэффициент вариации не больше 33 %.',
    datePlaceholder: 'дд.мм.гггг',
    statsUnit: (unit) => `Цены за единицу: ${unit}`,
    otherUnits: 'Другие единицы (цены в них не сравниваются):',
    noPositions: 'Позиций с этим кодом в кэше нет. Позиции приходят с карточками: дозагрузите их.',
    sourcesLine: (objects, contracts, tenders, customers) =>
      `Источники цен: ${count(objects, NOUNS.object, 'ru')} (контрактов ${formatInt(contracts, 'ru')}, извещений ${formatInt(tenders, 'ru')}), заказчиков ${formatInt(customers, 'ru')}.`,
    warnFewSources: 'Цены взяты меньше чем из трёх источников: для обоснования НМЦК этого мало (приказ № 567 требует не меньше трёх).',
    warnOneCustomer: 'Все цены от одного заказчика: это не рынок, а цена одного покупателя.',
    noteOnlyNotices: 'Все цены — из извещений (начальные цены), ни одной из заключённых контрактов.',
    notePooledKtru: (n) => `Вместе посчитаны позиции разных позиций КТРУ (${formatInt(n, 'ru')}): уточните код КТРУ, если товары не взаимозаменяемы.`,
    positions: (n) => `Позиции: ${n}`,
    rowsCut: (shown) => `Показаны первые ${shown}; в экспорте CSV — все.`,
    source: 'Источник',
    kindTender: 'Извещение',
    kindContract: 'Контракт',
    date: 'Дата',
    posTitle: 'Позиция',
    ktru: 'КТРУ',
    quantity: 'Кол-во',
    unitPrice: 'Цена за ед.',
    outlier: 'выброс',
    excludedNoPrice: 'нет цены',
    excludedOtherUnit: 'другая единица',
    exportCsv: 'Экспорт в CSV (Excel)',
    exported: (rows, where) => `Выгружено строк: ${rows}; файл: ${where}`,
    exportedDownload: (rows, file) => `Выгружено строк: ${rows}; файл «${file}» скачивается.`,
    flagsOf: (name) => `Красные флаги: ${name}`,
    flagsGaps: 'Не проверено — нет нужного поля',
    gap: (objects, field, kind) =>
      kind === 'customer' ? `заказчиков без поля «${field}»: ${formatInt(objects, 'ru')}` : `${count(objects, kind === 'tender' ? NOUNS.tender : kind === 'contract' ? NOUNS.contract : NOUNS.object, 'ru')} без поля «${field}»`,
    checkedOn: (n) => `проверено: ${count(n, NOUNS.object, 'ru')}`,
    definition: 'Определение',
    sourceOf: 'Источник',
    needs: 'Нужны поля',
    notGuaranteed: 'сервер может не прислать',
    evidence: 'Основания',
    dismiss: 'Ложное срабатывание',
    restore: 'Вернуть',
    dismissed: 'Отмечен как ложное срабатывание',
    note: 'Примечание',
    showDismissed: (n) => `Показать отклонённые (${n})`,
    objectTender: 'Закупка',
    objectContract: 'Контракт',
    objectCustomer: 'Заказчик',
    flagsHeadline: (open, clean, unchecked, total) =>
      `Найдено флагов: ${open}. Проверок в каталоге: ${total}; из них ничего не нашли: ${clean}; не удалось выполнить (на всех или части объектов): ${unchecked}.`,
    stateRaised: (n) => `Найдено: ${n}`,
    stateClean: 'Проверено — не найдено',
    stateUnchecked: (n, kind) => (kind === 'customer' ? `Не проверено заказчиков: ${formatInt(n, 'ru')}` : `Не проверено: ${count(n, kind === 'tender' ? NOUNS.tender : kind === 'contract' ? NOUNS.contract : NOUNS.object, 'ru')}`),
    remedyCards: 'Это поле приходит только в карточке: загрузите карточки (для уже полученных версий бесплатно), и флаг проверится.',
    remedyTenders: 'Закупок этих контрактов нет в кэше: синхронизируйте сохранённый поиск, в котором они есть.',
    remedyPeers: 'Для сравнения нужно больше заказчиков в кэше: синхронизируйте поиски шире.',
    remedyNone: 'Сервер не прислал это поле, и описание API его не обещает: загрузить его неоткуда, на этих объектах флаг не проверяется.',
    gapsDiffer: 'Каждый флаг проверяет свои объекты (закупки, контракты или заказчиков), поэтому числа у разных флагов могут различаться.',
  },
  en: {
    title: 'Insights',
    back: 'Back',
    tabDossier: 'Dossier',
    tabCompetitors: 'Competitors',
    tabPrices: 'Prices (initial price justification)',
    tabFlags: 'Red flags',
    offlineNote: 'Computed from the cache: free and offline.',
    loading: 'Computing…',
    dossierFormTitle: 'Dossier of a customer or a supplier',
    customer: 'Customer',
    supplier: 'Supplier',
    inn: 'INN',
    open: 'Open dossier',
    innRequired: 'Enter an INN: 10 or 12 digits.',
    customerDossier: 'Customer dossier',
    supplierDossier: 'Supplier dossier',
    innOf: (inn) => `INN ${inn}`,
    unnamed: 'Name not known',
    flagsOfCustomer: 'Red flags of the customer',
    flagsOfSupplier: 'Red flags of the supplier',
    tenders: 'Tenders',
    totalInitial: 'Total initial price',
    contracts: 'Contracts',
    totalPrice: 'Contract value',
    noPriceSent: 'the server sent no contract’s price',
    noCustomerSent: 'unknown: the contracts name no customer',
    suppliers: 'Suppliers',
    customers: 'Customers',
    medianReduction: 'Median price reduction',
    reductionSample: (n) => `over ${count(n, NOUNS.contract, 'en')}`,
    reductionHint: 'Reduction = 1 − contract price / its tender’s initial price; only contracts whose tender is cached with a price above 0.',
    singleShare: 'Single-supplier purchases',
    singleShareHint: 'Among tenders whose placement type is known.',
    hhi: 'Supplier concentration (HHI)',
    hhiLow: 'unconcentrated',
    hhiModerate: 'moderately concentrated',
    hhiHigh: 'highly concentrated',
    hhiHint: 'Herfindahl–Hirschman index: the sum of the squared supplier shares of contract value (0–10,000); above 2,500 is highly concentrated.',
    paidShare: 'Paid',
    terminations: 'Terminations',
    byStatus: 'Tenders by status',
    byLaw: 'Tenders by law',
    byPlacement: 'Tenders by placement type',
    regions: 'Regions',
    okpd2Classes: 'OKPD2 classes',
    stages: 'Contract stages',
    topSuppliers: 'The customer’s suppliers',
    topCustomers: 'The supplier’s customers',
    name: 'Name',
    count: 'Count',
    value: 'Value',
    share: 'Share',
    none: 'Nothing in the cache.',
    timeline: 'By month (Moscow time)',
    timelineEmpty: 'No tenders or contracts with a date: nothing to chart.',
    month: 'Month',
    tenderPrice: 'Tenders’ initial price',
    contractPrice: 'Contract value',
    tendersCount: 'Tenders',
    contractsCount: 'Contracts',
    showTable: 'Table by month',
    completeness: 'Completeness',
    completeCoverage: (w, c) => `Contracts are cached for ${w} of ${c} completed tenders.`,
    noCompleted: 'No completed tenders are cached.',
    cachedOnly: 'Counts the contracts already in the cache.',
    withoutPrice: (n) => `Without a price: ${count(n, NOUNS.contract, 'en')} (not in the sums).`,
    withoutTender: (n) => `Tender not cached: ${count(n, NOUNS.contract, 'en')} (no price reduction for them).`,
    withoutPlacement: (n) => `Placement type not stated: ${count(n, NOUNS.tender, 'en')}.`,
    withoutCustomer: (n) => `Customer not stated: ${count(n, NOUNS.contract, 'en')}.`,
    serverUnknown: 'How many contracts of this INN the server has is unknown until they are fetched.',
    nothingCached: 'The cache holds nothing on this INN.',
    nothingCachedAdvice: 'Sync a saved search that covers its tenders, or fetch its contracts by INN (paid; the cost is shown first).',
    smallSample: (n) => `little data (${count(n, NOUNS.contract, 'en')}): not a reliable conclusion`,
    smallSampleTenders: (n) => `Little data (${count(n, NOUNS.tender, 'en')}): not a reliable conclusion.`,
    paidShareHint: 'share of the contract price paid, over contracts where the server sent both',
    noPaidData: 'the server sent no payment data',
    backfillHint: 'Contracts by INN are a paid query: the cost is shown first, and nothing is fetched without your confirmation.',
    scope: 'Over the tenders of',
    scopeSearch: 'Saved search',
    scopeList: 'List',
    scopeAll: 'The whole cache',
    chooseScope: 'Choose a saved search or a list',
    noScopes: 'No saved searches or lists yet: make them in Search and Lists.',
    competitorsOf: (name) => `Competitors: who wins the tenders of “${name}”`,
    competitorsSummary: (t, c, s) => `${count(t, NOUNS.tender, 'en')}, ${count(c, NOUNS.contract, 'en')} cached, suppliers: ${s}.`,
    competitorsNone: 'No contracts of these tenders are cached: sync the search with contracts.',
    pricesTitle: 'Price benchmark from the positions of contracts and tenders',
    code: 'OKPD2 or KTRU code',
    codeHint: 'A prefix is fine: 26.20 is all computers.',
    region: 'Region',
    anyRegion: 'All regions',
    from: 'From',
    to: 'To',
    unit: 'Unit',
    anyUnit: 'any (the most frequent)',
    find: 'Compute',
    enrichHint: 'Positions come only with cards. Cards of versions already delivered are free but slow: 100 requests a minute.',
    statN: 'Positions used',
    statFound: 'Comparable found',
    statMin: 'Minimum',
    statMedian: 'Median',
    statMax: 'Maximum',
    statMean: 'Mean',
    statCv: 'Coefficient of variation',
    homogeneous: 'Prices are homogeneous: coefficient of variation at most 33%',
    notHomogeneous: 'Prices are not homogeneous: coefficient of variation above 33%',
    homogeneityUnknown: 'Homogeneity cannot be judged: at least two positions are needed',
    homogeneityRule: 'The homogeneity rule of the Ministry of Economic Development’s method (order No. 567): coefficient of variation at most 33%.',
    datePlaceholder: 'dd.mm.yyyy',
    statsUnit: (unit) => `Prices per unit: ${unit}`,
    otherUnits: 'Other units (not compared):',
    noPositions: 'No cached positions with this code. Positions come with cards: fetch them.',
    sourcesLine: (objects, contracts, tenders, customers) =>
      `Price sources: ${count(objects, NOUNS.object, 'en')} (contracts ${formatInt(contracts, 'en')}, notices ${formatInt(tenders, 'en')}), customers ${formatInt(customers, 'en')}.`,
    warnFewSources: 'The prices come from fewer than three sources: too few to justify an initial price (order No. 567 asks for at least three).',
    warnOneCustomer: 'All prices come from one customer: that is one buyer’s price, not the market’s.',
    noteOnlyNotices: 'All prices come from notices (initial prices), none from signed contracts.',
    notePooledKtru: (n) => `Positions of different KTRU items (${formatInt(n, 'en')}) are pooled: narrow the KTRU code if the goods are not interchangeable.`,
    positions: (n) => `Positions: ${n}`,
    rowsCut: (shown) => `The first ${shown} are shown; the CSV export has all.`,
    source: 'Source',
    kindTender: 'Notice',
    kindContract: 'Contract',
    date: 'Date',
    posTitle: 'Position',
    ktru: 'KTRU',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    outlier: 'outlier',
    excludedNoPrice: 'no price',
    excludedOtherUnit: 'other unit',
    exportCsv: 'Export CSV (Excel)',
    exported: (rows, where) => `Rows exported: ${rows}; file: ${where}`,
    exportedDownload: (rows, file) => `Rows exported: ${rows}; “${file}” is downloading.`,
    flagsOf: (name) => `Red flags: ${name}`,
    flagsGaps: 'Not checked: a field needed is missing',
    gap: (objects, field, kind) =>
      kind === 'customer' ? `customers without “${field}”: ${formatInt(objects, 'en')}` : `${count(objects, kind === 'tender' ? NOUNS.tender : kind === 'contract' ? NOUNS.contract : NOUNS.object, 'en')} without “${field}”`,
    checkedOn: (n) => `checked: ${count(n, NOUNS.object, 'en')}`,
    definition: 'Definition',
    sourceOf: 'Source',
    needs: 'Fields needed',
    notGuaranteed: 'the server may not send it',
    evidence: 'Evidence',
    dismiss: 'False positive',
    restore: 'Restore',
    dismissed: 'Dismissed as a false positive',
    note: 'Note',
    showDismissed: (n) => `Show dismissed (${n})`,
    objectTender: 'Tender',
    objectContract: 'Contract',
    objectCustomer: 'Customer',
    flagsHeadline: (open, clean, unchecked, total) =>
      `Flags raised: ${open}. Checks in the catalogue: ${total}; found nothing: ${clean}; could not run (on all or some objects): ${unchecked}.`,
    stateRaised: (n) => `Raised: ${n}`,
    stateClean: 'Checked, none found',
    stateUnchecked: (n, kind) => (kind === 'customer' ? `Customers not checked: ${formatInt(n, 'en')}` : `Not checked: ${count(n, kind === 'tender' ? NOUNS.tender : kind === 'contract' ? NOUNS.contract : NOUNS.object, 'en')}`),
    remedyCards: 'This field comes only with the card: load the cards (free for versions already delivered) and the flag is checked.',
    remedyTenders: 'The tenders of these contracts are not cached: sync a saved search that holds them.',
    remedyPeers: 'More customers are needed in the cache to compare with: sync wider searches.',
    remedyNone: 'The server did not send this field and the API reference does not promise it: there is nowhere to load it from, so the flag is not checked on these objects.',
    gapsDiffer: 'Each flag checks its own objects (tenders, contracts or customers), so the counts of different flags may differ.',
  },
};
