/** Words of the marks pieces the tables, the card and the board share: Russian first, English switchable. */
import type { Strings } from '../i18n/i18n';

export const marksStrings: Strings<{
  open: string;
  openTenderOf: string;
  title: (n: string) => string;
  titleOne: string;
  tags: string;
  tagsHint: string;
  newTag: string;
  addTag: string;
  tagOnSome: string;
  tagOnAll: string;
  tagOff: string;
  status: string;
  noStatus: string;
  keepMixed: string;
  assignee: string;
  assigneeHint: string;
  keepAssignees: string;
  note: string;
  noteHint: string;
  noteHintOne: string;
  discardQuestion: string;
  keepEditing: string;
  discard: string;
  save: string;
  saving: string;
  close: string;
  nothingChanged: string;
  loading: string;
  colAssignee: string;
  colStatus: string;
  colTags: string;
  filterTitle: string;
  filterTag: string;
  filterStatus: string;
  filterAssignee: string;
  removeChip: (chip: string) => string;
  chipTag: (name: string) => string;
  chipStatus: (name: string) => string;
  chipAssignee: (name: string) => string;
  clearFilter: string;
}> = {
  ru: {
    open: 'Отметить…',
    openTenderOf: 'Отметить закупку контракта…',
    title: (n) => `Метки закупок (${n})`,
    titleOne: 'Метки закупки',
    tags: 'Метки',
    tagsHint: 'Щелчок по метке ставит её на все выбранные закупки или снимает со всех.',
    newTag: 'Новая или существующая метка',
    addTag: 'Добавить метку',
    tagOnSome: 'есть не у всех',
    tagOnAll: 'у всех',
    tagOff: 'будет снята',
    status: 'Наш статус',
    noStatus: 'Без статуса',
    keepMixed: 'Оставить как есть (разные)',
    assignee: 'Ответственный',
    assigneeHint: 'Пусто — снять ответственного.',
    keepAssignees: 'разные — оставить как есть',
    note: 'Заметка',
    noteHint: 'Добавится к каждой выбранной закупке с датой и временем.',
    noteHintOne: 'Добавится к закупке с датой и временем.',
    discardQuestion: 'Изменения не сохранены. Закрыть без сохранения? Введённые метки, статус и заметка пропадут.',
    keepEditing: 'Вернуться к правке',
    discard: 'Закрыть без сохранения',
    save: 'Сохранить',
    saving: 'Сохраняем…',
    close: 'Закрыть',
    nothingChanged: 'Ничего не изменено.',
    loading: 'Загружаем метки…',
    colAssignee: 'Ответственный',
    colStatus: 'Наш статус',
    colTags: 'Метки',
    filterTitle: 'Отбор по меткам',
    filterTag: '+ метка',
    filterStatus: '+ наш статус',
    filterAssignee: 'Ответственный',
    removeChip: (chip) => `Убрать условие: ${chip}`,
    chipTag: (name) => `метка «${name}»`,
    chipStatus: (name) => `статус «${name}»`,
    chipAssignee: (name) => `ответственный ${name}`,
    clearFilter: 'Сбросить отбор',
  },
  en: {
    open: 'Mark…',
    openTenderOf: 'Mark the contract’s tender…',
    title: (n) => `Marks of tenders (${n})`,
    titleOne: 'Marks of the tender',
    tags: 'Tags',
    tagsHint: 'A click on a tag puts it on every selected tender or takes it off every one.',
    newTag: 'A new or existing tag',
    addTag: 'Add tag',
    tagOnSome: 'on some',
    tagOnAll: 'on all',
    tagOff: 'to be removed',
    status: 'Our status',
    noStatus: 'No status',
    keepMixed: 'Keep as is (they differ)',
    assignee: 'Assignee',
    assigneeHint: 'Empty clears the assignee.',
    keepAssignees: 'they differ — keep as is',
    note: 'Note',
    noteHint: 'Added to each selected tender with the date and time.',
    noteHintOne: 'Added to the tender with the date and time.',
    discardQuestion: 'The changes are not saved. Close without saving? The tags, status and note typed will be lost.',
    keepEditing: 'Back to editing',
    discard: 'Close without saving',
    save: 'Save',
    saving: 'Saving…',
    close: 'Close',
    nothingChanged: 'Nothing changed.',
    loading: 'Loading marks…',
    colAssignee: 'Assignee',
    colStatus: 'Our status',
    colTags: 'Tags',
    filterTitle: 'Filter by marks',
    filterTag: '+ tag',
    filterStatus: '+ our status',
    filterAssignee: 'Assignee',
    removeChip: (chip) => `Remove the condition: ${chip}`,
    chipTag: (name) => `tag “${name}”`,
    chipStatus: (name) => `status “${name}”`,
    chipAssignee: (name) => `assignee ${name}`,
    clearFilter: 'Clear the filter',
  },
};
