/** Words of the pipeline view: the board, its drag-and-drop announcements, the tags manager. */
import type { Strings } from '../../i18n/i18n';

export const marksViewStrings: Strings<{
  title: string;
  board: string;
  tags: string;
  intro: string;
  empty: string;
  noStatus: string;
  open: (name: string) => string;
  move: (name: string) => string;
  notHeld: (id: string) => string;
  deadline: string;
  count: (n: string) => string;
  instructions: string;
  roleDescription: string;
  picked: (name: string, column: string) => string;
  over: (name: string, column: string) => string;
  notOver: (name: string) => string;
  dropped: (name: string, column: string) => string;
  droppedNowhere: (name: string) => string;
  cancelled: (name: string) => string;
  moving: string;
  tagName: string;
  tagColor: (name: string) => string;
  tagCount: string;
  rename: string;
  renamed: string;
  remove: string;
  select: (name: string) => string;
  mergeInto: string;
  merge: (n: string) => string;
  mergeHint: string;
  noTags: string;
  deleteTitle: string;
  deleteBody: (name: string, n: string) => string;
  cancel: string;
}> = {
  ru: {
    title: 'Воронка',
    board: 'Доска',
    tags: 'Метки',
    intro: 'Отмеченные закупки по нашим статусам. Перетащите карточку мышью в другой столбец, или с клавиатуры: Tab до карточки, пробел — взять, стрелки ← → — столбец, пробел — оставить, Escape — отменить.',
    empty: 'Пусто',
    noStatus: 'Без статуса',
    open: (name) => `Открыть карточку: ${name}`,
    move: (name) => `Переместить в другой столбец: ${name}`,
    notHeld: (id) => `Закупка ${id} (нет в кэше)`,
    deadline: 'Заявки до',
    count: (n) => `Отмечено закупок: ${n}`,
    instructions: 'Чтобы взять карточку, нажмите пробел или Enter. Стрелками влево и вправо выберите столбец, пробелом или Enter оставьте карточку там, Escape — отмена.',
    roleDescription: 'перемещаемая карточка',
    picked: (name, column) => `Взята закупка «${name}» из столбца «${column}».`,
    over: (name, column) => `Закупка «${name}» над столбцом «${column}».`,
    notOver: (name) => `Закупка «${name}» вне столбцов.`,
    dropped: (name, column) => `Закупка «${name}» перенесена в столбец «${column}».`,
    droppedNowhere: (name) => `Закупка «${name}» оставлена на месте.`,
    cancelled: (name) => `Перенос закупки «${name}» отменён.`,
    moving: 'Сохраняем…',
    tagName: 'Метка',
    tagColor: (name) => `Цвет метки «${name}»`,
    tagCount: 'Закупок',
    rename: 'Переименовать',
    renamed: 'Метка переименована.',
    remove: 'Удалить',
    select: (name) => `Выбрать метку «${name}»`,
    mergeInto: 'Объединить выбранные в метку',
    merge: (n) => `Объединить (${n})`,
    mergeHint: 'Закупки выбранных меток получат метку, в которую их объединяют; выбранные метки исчезнут.',
    noTags: 'Меток пока нет: поставьте их закупкам из результатов поиска, списка или карточки («Отметить…»).',
    deleteTitle: 'Удалить метку?',
    deleteBody: (name, n) => `Метка «${name}» будет снята с закупок (${n}) и удалена.`,
    cancel: 'Отмена',
  },
  en: {
    title: 'Pipeline',
    board: 'Board',
    tags: 'Tags',
    intro: 'Marked tenders by our status. Drag a card to another column with the mouse, or with the keyboard: Tab to a card, Space picks it up, ← → choose the column, Space drops it, Escape cancels.',
    empty: 'Empty',
    noStatus: 'No status',
    open: (name) => `Open the card: ${name}`,
    move: (name) => `Move to another column: ${name}`,
    notHeld: (id) => `Tender ${id} (not cached)`,
    deadline: 'Bids until',
    count: (n) => `Marked tenders: ${n}`,
    instructions: 'To pick up a card, press Space or Enter. Use the left and right arrows to choose a column, Space or Enter to drop the card there, Escape to cancel.',
    roleDescription: 'movable card',
    picked: (name, column) => `Picked up tender “${name}” from column “${column}”.`,
    over: (name, column) => `Tender “${name}” is over column “${column}”.`,
    notOver: (name) => `Tender “${name}” is outside the columns.`,
    dropped: (name, column) => `Tender “${name}” moved to column “${column}”.`,
    droppedNowhere: (name) => `Tender “${name}” left where it was.`,
    cancelled: (name) => `Moving tender “${name}” cancelled.`,
    moving: 'Saving…',
    tagName: 'Tag',
    tagColor: (name) => `Colour of tag “${name}”`,
    tagCount: 'Tenders',
    rename: 'Rename',
    renamed: 'Tag renamed.',
    remove: 'Delete',
    select: (name) => `Select tag “${name}”`,
    mergeInto: 'Merge the selected into tag',
    merge: (n) => `Merge (${n})`,
    mergeHint: 'Tenders of the selected tags get the tag they are merged into; the selected tags disappear.',
    noTags: 'No tags yet: put them on tenders from search results, a list or a card (“Mark…”).',
    deleteTitle: 'Delete the tag?',
    deleteBody: (name, n) => `Tag “${name}” will be taken off its tenders (${n}) and deleted.`,
    cancel: 'Cancel',
  },
};
