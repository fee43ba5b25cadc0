/**
 * The settings view's strings (Russian and English), shared by its sections (one file per section).
 */
import type { Strings } from '../../i18n/i18n';

export const strings: Strings<{
  title: string;
  profiles: string;
  profilesHint: string;
  name: string;
  baseUrl: string;
  generation: string;
  current: string;
  earlier: string;
  token: string;
  tokenHint: string;
  status: string;
  active: string;
  activate: string;
  builtIn: string;
  hasToken: string;
  noToken: string;
  replaceToken: string;
  newToken: string;
  saveToken: string;
  tokenSaved: string;
  remove: string;
  removeTitle: (name: string) => string;
  removeBody: string;
  cancel: string;
  addProfile: string;
  add: string;
  added: (name: string) => string;
  tokens: string;
  tokensHint: string;
  tokenName: string;
  create: string;
  preview: string;
  created: string;
  lastUsed: string;
  revoke: string;
  revoked: string;
  revokeTitle: (name: string) => string;
  revokeBody: string;
  secretTitle: string;
  secretWarning: string;
  copy: string;
  copied: string;
  secretDone: string;
  noTokens: string;
  cache: string;
  cachePath: string;
  cacheSize: string;
  cacheTenders: string;
  cacheContracts: string;
  cacheCards: string;
  versions: (n: string) => string;
  language: string;
  languageLabel: string;
  themeLabel: string;
  themeSystem: string;
  themeLight: string;
  themeDark: string;
  loading: string;
  actions: string;
  refresh: string;
}> = {
  ru: {
    title: 'Настройки',
    profiles: 'Профили',
    profilesHint: 'Профиль — это адрес API и токен. Песочница встроена и работает без токена и без денег.',
    name: 'Название',
    baseUrl: 'Адрес API',
    generation: 'Поколение API',
    current: 'Текущее (/api/v2)',
    earlier: 'Предыдущее',
    token: 'Токен API',
    tokenHint: 'Токен сохраняется в связке ключей системы и больше нигде не показывается.',
    status: 'Состояние',
    active: 'Активный',
    activate: 'Сделать активным',
    builtIn: 'встроенная песочница',
    hasToken: 'токен в связке ключей',
    noToken: 'нет токена',
    replaceToken: 'Заменить токен',
    newToken: 'Новый токен',
    saveToken: 'Сохранить токен',
    tokenSaved: 'Токен заменён.',
    remove: 'Удалить',
    removeTitle: (name) => `Удалить профиль «${name}»?`,
    removeBody: 'Токен будет удалён из связки ключей. Данные профиля на диске (кэш) не удаляются.',
    cancel: 'Отмена',
    addProfile: 'Добавить профиль',
    add: 'Добавить',
    added: (name) => `Профиль «${name}» добавлен. Токен сохранён в связке ключей.`,
    tokens: 'Токены API аккаунта',
    tokensHint: 'Токены аккаунта активного профиля на сервере. Секрет нового токена показывается один раз.',
    tokenName: 'Название токена',
    create: 'Создать токен',
    preview: 'Токен',
    created: 'Создан',
    lastUsed: 'Использован',
    revoke: 'Отозвать',
    revoked: 'отозван',
    revokeTitle: (name) => `Отозвать токен «${name}»?`,
    revokeBody: 'Программы, которые пользуются этим токеном, потеряют доступ. Отменить нельзя.',
    secretTitle: 'Новый токен — скопируйте его сейчас',
    secretWarning: 'Секрет показывается только один раз. Мы его не храним; после закрытия этого окна посмотреть его снова будет нельзя.',
    copy: 'Копировать',
    copied: 'Скопировано',
    secretDone: 'Я сохранил токен',
    noTokens: 'Токенов нет.',
    cache: 'Кэш',
    cachePath: 'Расположение',
    cacheSize: 'Размер на диске',
    cacheTenders: 'Закупки',
    cacheContracts: 'Контракты',
    cacheCards: 'Карточки',
    versions: (n) => `версий: ${n}`,
    language: 'Язык',
    languageLabel: 'Язык интерфейса',
    themeLabel: 'Оформление',
    themeSystem: 'Как в системе',
    themeLight: 'Светлое',
    themeDark: 'Тёмное',
    loading: 'Загружаем…',
    actions: 'Действия',
    refresh: 'Обновить',
  },
  en: {
    title: 'Settings',
    profiles: 'Profiles',
    profilesHint: 'A profile is an API address and a token. The sandbox is built in and needs no token and no money.',
    name: 'Name',
    baseUrl: 'API address',
    generation: 'API generation',
    current: 'Current (/api/v2)',
    earlier: 'Earlier',
    token: 'API token',
    tokenHint: 'The token is kept in the system keychain and is never shown anywhere again.',
    status: 'Status',
    active: 'Active',
    activate: 'Activate',
    builtIn: 'built-in sandbox',
    hasToken: 'token in the keychain',
    noToken: 'no token',
    replaceToken: 'Replace token',
    newToken: 'New token',
    saveToken: 'Save token',
    tokenSaved: 'The token was replaced.',
    remove: 'Remove',
    removeTitle: (name) => `Remove profile "${name}"?`,
    removeBody: "The token is deleted from the keychain. The profile's data on disk (the cache) is not deleted.",
    cancel: 'Cancel',
    addProfile: 'Add a profile',
    add: 'Add',
    added: (name) => `Profile "${name}" added. The token is in the keychain.`,
    tokens: 'API tokens of the account',
    tokensHint: "Tokens of the active profile's account on the server. A new token's secret is shown once.",
    tokenName: 'Token name',
    create: 'Create token',
    preview: 'Token',
    created: 'Created',
    lastUsed: 'Last used',
    revoke: 'Revoke',
    revoked: 'revoked',
    revokeTitle: (name) => `Revoke token "${name}"?`,
    revokeBody: 'Programs using this token lose access. This cannot be undone.',
    secretTitle: 'New token — copy it now',
    secretWarning: 'The secret is shown only once. We do not keep it; once this box is closed it cannot be seen again.',
    copy: 'Copy',
    copied: 'Copied',
    secretDone: 'I have saved the token',
    noTokens: 'No tokens.',
    cache: 'Cache',
    cachePath: 'Location',
    cacheSize: 'Size on disk',
    cacheTenders: 'Tenders',
    cacheContracts: 'Contracts',
    cacheCards: 'Cards',
    versions: (n) => `versions: ${n}`,
    language: 'Language',
    languageLabel: 'Interface language',
    themeLabel: 'Appearance',
    themeSystem: 'As in the system',
    themeLight: 'Light',
    themeDark: 'Dark',
    loading: 'Loading…',
    actions: 'Actions',
    refresh: 'Refresh',
  },
};

/** The settings view's strings in the current language, handed to each section. */
export type S = (typeof strings)['ru'];
