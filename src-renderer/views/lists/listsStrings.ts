import { count, NOUNS, type Strings } from '../../i18n/i18n';

export const listsStrings: Strings<{
  title: string;
  lists: string;
  none: string;
  items: (n: number) => string;
  queued: (n: string) => string;
  create: string;
  name: string;
  description: string;
  creating: string;
  choose: string;
  members: (n: string) => string;
  update: string;
  updateHint: string;
  exportCsv: string;
  removeSelected: (n: string) => string;
  removed: (n: string) => string;
  removedUnstated: (n: string) => string;
  removedQueued: (n: string) => string;
  clear: string;
  addIds: string;
  addIdsHint: string;
  add: string;
  added: (n: string, already: string) => string;
  addedUnstated: (n: string) => string;
  addedQueued: (n: string) => string;
  invalidIds: (tokens: string) => string;
  noIds: string;
  missing: (n: string) => string;
  missingHint: string;
  selectMissing: string;
  id: string;
  /** The member's place in the list's own order (the order its export keeps). */
  listOrder: string;
  relevance: string;
  tender: string;
  price: string;
  status: string;
  deadline: string;
  customer: string;
  empty: string;
  /** `move`: the keys that move a member, as the palette names them («Alt+↑ / Alt+↓»). */
  hint: (move: string) => string;
  select: (name: string) => string;
  exportTitle: string;
  rename: string;
  renameSave: string;
  renameCancel: string;
  renameReset: string;
  renameHint: string;
  serverName: (name: string) => string;
  deleteList: string;
  competitors: string;
  flags: string;
  deleteTitle: string;
  /** `n`: the counted members («3 закупки»). */
  deleteBody: (name: string, n: string) => string;
  deleteConfirm: string;
  cancel: string;
  nameLength: (n: string) => string;
}> = {
  ru: {
    title: 'Списки',
    lists: 'Мои списки',
    none: 'Списков пока нет.',
    items: (n) => count(n, NOUNS.tender, 'ru'),
    queued: (n) => `в очереди: ${n}`,
    create: 'Создать список',
    name: 'Название',
    description: 'Описание (необязательно)',
    creating: 'Создаём…',
    choose: 'Выберите список слева или создайте новый.',
    members: (n) => `Закупки в кэше: ${n}`,
    update: 'Обновить с сервера',
    updateHint: 'Загружает закупки, добавленные в список (платно только то, чего ещё нет в кэше). Новые редакции уже полученных закупок эта кнопка не загружает: их приносит сохранённый поиск, в котором включено «Получать и изменения уже полученных закупок».',
    exportCsv: 'Экспорт в CSV или Excel…',
    removeSelected: (n) => `Удалить выбранные (${n})`,
    removed: (n) => `Удалено: ${n}.`,
    removedUnstated: (n) => `Убраны из списка: ${n}; сколько из них в нём были, сервер не сообщил.`,
    removedQueued: (n) => `Нет связи: удаление ${n} поставлено в очередь и будет отправлено один раз.`,
    clear: 'Снять выделение',
    addIds: 'Добавить по ID',
    addIdsHint: 'Вставьте ID закупок через пробел, запятую или с новой строки.',
    add: 'Добавить',
    added: (n, a) => `Добавлено: ${n}${a !== '0' ? `, уже были: ${a}` : ''}.`,
    addedUnstated: (n) => `Теперь в списке: ${n} из вставленных; сколько из них уже были в нём, сервер не сообщил.`,
    addedQueued: (n) => `Нет связи: добавление ${n} поставлено в очередь и будет отправлено один раз.`,
    invalidIds: (t) => `Не похоже на ID: ${t}`,
    noIds: 'Нет ни одного ID.',
    missing: (n) => `Ещё не загружены: ${n}`,
    missingHint: 'Этих закупок нет в кэше. «Обновить с сервера» загрузит их.',
    selectMissing: 'Выбрать все незагруженные',
    id: 'ID',
    listOrder: '№',
    relevance: 'Релевантность',
    tender: 'Наименование',
    price: 'Начальная цена',
    status: 'Статус',
    deadline: 'Заявки до, МСК',
    customer: 'Заказчик',
    empty: 'В кэше нет закупок этого списка',
    hint: (move) => `Двойной щелчок или Enter — карточка; Shift+щелчок — выбрать диапазон; ⠿ или ${move} — переставить.`,
    select: (n) => `Выбрать: ${n}`,
    exportTitle: 'Экспорт списка',
    rename: 'Переименовать',
    renameSave: 'Сохранить',
    renameCancel: 'Отмена',
    renameReset: 'Вернуть имя с сервера',
    renameHint: 'Имя списка на сервере изменить нельзя (поля списка в API неизменяемы): новое имя видно только в этом приложении.',
    serverName: (n) => `На сервере: «${n}»`,
    deleteList: 'Удалить список…',
    competitors: 'Конкуренты',
    flags: 'Красные флаги',
    deleteTitle: 'Удалить список?',
    deleteBody: (name, n) =>
      `Список «${name}» (${n}) исчезнет из приложения. В API нет удаления списков, поэтому на сервере он останется, но здесь больше не появится. Сами закупки в кэше останутся.`,
    deleteConfirm: 'Удалить',
    cancel: 'Отмена',
    nameLength: (n) => `${n} из 255 символов`,
  },
  en: {
    title: 'Lists',
    lists: 'My lists',
    none: 'No lists yet.',
    items: (n) => count(n, NOUNS.tender, 'en'),
    queued: (n) => `queued: ${n}`,
    create: 'Create list',
    name: 'Name',
    description: 'Description (optional)',
    creating: 'Creating…',
    choose: 'Choose a list on the left or create one.',
    members: (n) => `Tenders cached: ${n}`,
    update: 'Update from server',
    updateHint: "Fetches the tenders added to the list (only what the cache does not hold is charged). New versions of tenders already held are not fetched by this button: a saved search with «changes too» turned on brings them.",
    exportCsv: 'Export to CSV or Excel…',
    removeSelected: (n) => `Remove selected (${n})`,
    removed: (n) => `Removed: ${n}.`,
    removedUnstated: (n) => `Taken out of the list: ${n}; the server did not say how many were in it.`,
    removedQueued: (n) => `Offline: removing ${n} is queued and will be sent once.`,
    clear: 'Clear selection',
    addIds: 'Add by ID',
    addIdsHint: 'Paste tender IDs separated by spaces, commas or new lines.',
    add: 'Add',
    added: (n, a) => `Added: ${n}${a !== '0' ? `, already present: ${a}` : ''}.`,
    addedUnstated: (n) => `Now in the list: ${n} of those pasted; the server did not say how many were in it already.`,
    addedQueued: (n) => `Offline: adding ${n} is queued and will be sent once.`,
    invalidIds: (t) => `Not IDs: ${t}`,
    noIds: 'No IDs given.',
    missing: (n) => `Not loaded yet: ${n}`,
    missingHint: 'These tenders are not in the cache. "Update from server" fetches them.',
    selectMissing: 'Select all not loaded',
    id: 'ID',
    listOrder: '#',
    relevance: 'Relevance',
    tender: 'Name',
    price: 'Initial price',
    status: 'Status',
    deadline: 'Bids until, MSK',
    customer: 'Customer',
    empty: 'No tenders of this list are cached',
    hint: (move) => `Double-click or Enter opens the card; Shift+click selects a range; ⠿ or ${move} moves a member.`,
    select: (n) => `Select: ${n}`,
    exportTitle: 'Export the list',
    rename: 'Rename',
    renameSave: 'Save',
    renameCancel: 'Cancel',
    renameReset: "Use the server's name",
    renameHint: "A list's name cannot be changed on the server (list fields are immutable in the API): the new name is seen in this app only.",
    serverName: (n) => `On the server: "${n}"`,
    deleteList: 'Delete list…',
    competitors: 'Competitors',
    flags: 'Red flags',
    deleteTitle: 'Delete the list?',
    deleteBody: (name, n) =>
      `The list "${name}" (${n}) disappears from the app. The API cannot delete lists, so the server keeps it, but it will not come back here. The tenders stay in the cache.`,
    deleteConfirm: 'Delete',
    cancel: 'Cancel',
    nameLength: (n) => `${n} of 255 characters`,
  },
};
