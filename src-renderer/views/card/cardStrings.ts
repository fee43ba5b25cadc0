import type { Strings } from '../../i18n/i18n';

export const cardStrings: Strings<{
  back: string;
  backHint: string;
  loading: string;
  tender: string;
  contract: string;
  notice: string;
  reestr: string;
  status: string;
  law: string;
  price: string;
  contractPrice: string;
  deadline: string;
  published: string;
  biddingOpens: string;
  region: string;
  platform: string;
  placement: string;
  advance: string;
  okpd2: string;
  sourcePage: string;
  description: string;
  sourceCache: string;
  sourceCharged: string;
  sourceFree: string;
  sourceUnstated: string;
  sourceHint: string;
  lots: string;
  lotNo: string;
  lotTitle: string;
  positions: (total: string) => string;
  pos: string;
  posName: string;
  code: string;
  qty: string;
  unit: string;
  unitPrice: string;
  amount: string;
  page: (n: string, of: string) => string;
  prev: string;
  next: string;
  documents: string;
  noDocuments: string;
  /** A card never opened, shown from its stored object: its positions and documents are not held. */
  notLoaded: string;
  positionsNotLoaded: string;
  documentsNotLoaded: string;
  loadOffline: string;
  loadOnline: string;
  loadCard: string;
  open: string;
  organization: string;
  customer: string;
  suppliers: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  contact: string;
  phone: string;
  email: string;
  execution: string;
  stage: string;
  paid: string;
  executionEnd: string;
  stages: string;
  plannedDate: string;
  signed: string;
  openTender: string;
  versions: string;
  version: string;
  updatedAt: string;
  received: string;
  billed: string;
  via: string;
  viaFeed: string;
  viaCard: string;
  fromTeam: string;
  fromTeamUnproven: string;
  versionUnstated: string;
  billedUnstated: string;
  charged: string;
  free: string;
  compareFrom: string;
  compareTo: string;
  compare: string;
  diffTitle: (a: string, b: string) => string;
  noChanges: string;
  notCompared: (sections: string) => string;
  added: string;
  removed: string;
  oneVersion: string;
  unstatedNotCompared: string;
  related: string;
  relatedRefresh: string;
  relatedNone: string;
  signDate: string;
  supplier: string;
  inLists: string;
  inNoList: string;
  yes: string;
  no: string;
}> = {
  ru: {
    back: '← Назад',
    backHint: 'Назад, к строке, из которой открыта карточка',
    loading: 'Загружаем карточку…',
    tender: 'Закупка',
    contract: 'Контракт',
    notice: 'Извещение №',
    reestr: 'Реестровый №',
    status: 'Статус',
    law: 'Закон',
    price: 'Начальная цена',
    deadline: 'Окончание подачи заявок',
    published: 'Опубликована',
    biddingOpens: 'Начало подачи заявок',
    region: 'Регион',
    platform: 'Площадка',
    placement: 'Способ размещения',
    advance: 'Аванс',
    okpd2: 'ОКПД2',
    sourcePage: 'Страница на площадке',
    description: 'Описание',
    sourceCache: 'Из кэша — бесплатно',
    sourceCharged: 'Получено с сервера — списана 1 единица',
    sourceFree: 'Получено с сервера — бесплатно: эта версия уже была доставлена',
    sourceUnstated: 'Получено с сервера — новая версия; списание, если было, видно в журнале',
    sourceHint: 'Повторное открытие карточки бесплатно и работает без сети.',
    lots: 'Лоты',
    lotNo: '№',
    lotTitle: 'Наименование лота',
    positions: (t) => `Позиции (${t})`,
    pos: '№',
    posName: 'Наименование',
    code: 'ОКПД2 / КТРУ',
    qty: 'Кол-во',
    unit: 'Ед.',
    unitPrice: 'Цена за ед.',
    amount: 'Стоимость',
    page: (n, of) => `Страница ${n} из ${of}`,
    prev: '‹ Назад',
    next: 'Вперёд ›',
    documents: 'Документы',
    noDocuments: 'Документов нет.',
    notLoaded: 'не загружены',
    positionsNotLoaded: 'Позиции не загружены: они приходят с карточкой, а карточка этой версии ещё не открывалась.',
    documentsNotLoaded: 'Документы не загружены: они приходят с карточкой, а карточка этой версии ещё не открывалась.',
    loadOffline: 'Нет связи с сервером. Когда она появится, откройте карточку снова — для этой версии это бесплатно.',
    loadOnline: 'Связь есть: загрузите карточку — для этой версии это бесплатно.',
    loadCard: 'Загрузить карточку',
    open: 'Открыть',
    organization: 'Заказчик',
    customer: 'Заказчик',
    suppliers: 'Поставщики',
    inn: 'ИНН',
    kpp: 'КПП',
    ogrn: 'ОГРН',
    address: 'Адрес',
    contact: 'Контактное лицо',
    phone: 'Телефон',
    email: 'Эл. почта',
    execution: 'Исполнение',
    stage: 'Стадия',
    paid: 'Оплачено',
    executionEnd: 'Окончание исполнения',
    stages: 'Этапы',
    plannedDate: 'Плановая дата',
    signed: 'Заключён',
    openTender: 'Открыть закупку',
    versions: 'История версий',
    version: 'Версия',
    updatedAt: 'Изменена',
    received: 'Получена',
    billed: 'Оплата',
    via: 'Откуда',
    viaFeed: 'поиск или список',
    viaCard: 'карточка',
    fromTeam: 'из базы команды',
    fromTeamUnproven: 'из базы команды, без подтверждения доставки',
    versionUnstated: 'не указана сервером',
    billedUnstated: 'не сообщено',
    charged: 'списана 1 ед.',
    free: 'бесплатно',
    compareFrom: 'Сравнить с',
    compareTo: 'Сравнить',
    compare: 'Сравнить версии',
    diffTitle: (a, b) => `Что изменилось: версия ${a} → версия ${b}`,
    noChanges: 'Содержательных изменений нет.',
    notCompared: (s) => `Не сравнивались (есть только в одной из версий): ${s}.`,
    added: 'добавлено',
    removed: 'удалено',
    oneVersion: 'Получена одна версия — сравнивать пока не с чем.',
    unstatedNotCompared: 'Версию, номер которой сервер не указал, сравнить пока не с чем.',
    related: 'Контракты по закупке',
    contractPrice: 'Цена контракта',
    relatedRefresh: 'Обновить с сервера',
    relatedNone: 'Контрактов в кэше нет.',
    signDate: 'Заключён',
    supplier: 'Поставщик',
    inLists: 'В списках:',
    inNoList: 'Не входит ни в один список.',
    yes: 'да',
    no: 'нет',
  },
  en: {
    back: '← Back',
    backHint: 'Back to the row the card was opened from',
    loading: 'Loading the card…',
    tender: 'Tender',
    contract: 'Contract',
    notice: 'Notice no.',
    reestr: 'Registry no.',
    status: 'Status',
    law: 'Law',
    price: 'Initial price',
    deadline: 'Bidding deadline',
    published: 'Published',
    biddingOpens: 'Bidding opens',
    region: 'Region',
    platform: 'Platform',
    placement: 'Placement method',
    advance: 'Advance',
    okpd2: 'OKPD2',
    sourcePage: 'Page on the platform',
    description: 'Description',
    sourceCache: 'From cache — free',
    sourceCharged: 'Fetched from the server — charged 1 unit',
    sourceFree: 'Fetched from the server — free: this version was delivered before',
    sourceUnstated: 'Fetched from the server — a new version; any charge shows in the ledger',
    sourceHint: 'Re-opening a card is free and works offline.',
    lots: 'Lots',
    lotNo: 'No.',
    lotTitle: 'Lot',
    positions: (t) => `Positions (${t})`,
    pos: 'No.',
    posName: 'Name',
    code: 'OKPD2 / KTRU',
    qty: 'Qty',
    unit: 'Unit',
    unitPrice: 'Unit price',
    amount: 'Amount',
    page: (n, of) => `Page ${n} of ${of}`,
    prev: '‹ Prev',
    next: 'Next ›',
    documents: 'Documents',
    noDocuments: 'No documents.',
    notLoaded: 'not loaded',
    positionsNotLoaded: 'Positions are not loaded: they come with the card, and this version’s card was never opened.',
    documentsNotLoaded: 'Documents are not loaded: they come with the card, and this version’s card was never opened.',
    loadOffline: 'The server cannot be reached. Once it can, open the card again: free for this version.',
    loadOnline: 'The server can be reached: load the card, free for this version.',
    loadCard: 'Load the card',
    open: 'Open',
    organization: 'Customer',
    customer: 'Customer',
    suppliers: 'Suppliers',
    inn: 'INN',
    kpp: 'KPP',
    ogrn: 'OGRN',
    address: 'Address',
    contact: 'Contact person',
    phone: 'Phone',
    email: 'Email',
    execution: 'Execution',
    stage: 'Stage',
    paid: 'Paid',
    executionEnd: 'Execution ends',
    stages: 'Stages',
    plannedDate: 'Planned',
    signed: 'Signed',
    openTender: 'Open the tender',
    versions: 'Version history',
    version: 'Version',
    updatedAt: 'Updated',
    received: 'Received',
    billed: 'Charge',
    via: 'Via',
    viaFeed: 'search or list',
    viaCard: 'card',
    fromTeam: 'from the team database',
    fromTeamUnproven: 'from the team database, no delivery evidence',
    versionUnstated: 'not stated by the server',
    billedUnstated: 'not stated',
    charged: '1 unit charged',
    free: 'free',
    compareFrom: 'Compare from',
    compareTo: 'to',
    compare: 'Compare versions',
    diffTitle: (a, b) => `What changed: version ${a} → version ${b}`,
    noChanges: 'No substantive changes.',
    notCompared: (s) => `Not compared (only one of the versions has them): ${s}.`,
    added: 'added',
    removed: 'removed',
    oneVersion: 'One version received — nothing to compare yet.',
    unstatedNotCompared: 'A version whose number the server did not state cannot be compared yet.',
    related: 'Contracts of this tender',
    contractPrice: 'Contract price',
    relatedRefresh: 'Refresh from the server',
    relatedNone: 'No contracts cached.',
    signDate: 'Signed',
    supplier: 'Supplier',
    inLists: 'In lists:',
    inNoList: 'Not in any list.',
    yes: 'yes',
    no: 'no',
  },
};
