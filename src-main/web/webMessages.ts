/**
 * What browser mode's server and its `npm run web` entry say, in both languages (src-main/i18n): the bridge's
 * refusals reach the page as error messages, so they follow the user's language like the core's own errors.
 */
import type { Messages } from '../i18n/text';

export type WebText = {
  unknownHost: string;
  foreignSite: string;
  noSecret: string;
  tooLarge: (maxBytes: number) => string;
  postOnly: string;
  jsonOnly: string;
  unknownMethod: (name: string) => string;
  badJson: string;
  internal: string;
  eventsGetOnly: string;
  tooManyStreams: string;
  busy: string;
  downloadGetOnly: string;
  downloadGone: string;
  downloadMissing: string;
  filesGetOnly: string;
  badAddress: string;
  noFile: string;
  noRoute: string;
};

export const webMessages: Messages<WebText> = {
  ru: {
    unknownHost: 'Запрос к неизвестному адресу отклонён.',
    foreignSite: 'Запрос с чужого сайта отклонён.',
    noSecret: 'Нет доступа к ядру приложения: откройте ссылку, которую напечатала команда `npm run web` (она действует до её остановки).',
    tooLarge: (maxBytes) => `Слишком большой запрос: больше ${maxBytes} байт.`,
    postOnly: 'Метод ядра вызывается только POST-запросом.',
    jsonOnly: 'Аргументы передаются в формате JSON (application/json).',
    unknownMethod: (name) => `Неизвестный метод: ${name}.`,
    badJson: 'Аргументы — не корректный JSON.',
    internal: 'Внутренняя ошибка приложения.',
    eventsGetOnly: 'Поток событий открывается GET-запросом.',
    tooManyStreams: 'Открыто слишком много вкладок приложения.',
    busy: 'Приложение занято: слишком много больших запросов сразу. Повторите через несколько секунд.',
    downloadGetOnly: 'Файл скачивается GET-запросом.',
    downloadGone: 'Файл уже скачан или ссылка устарела: выгрузите его ещё раз.',
    downloadMissing: 'Файл выгрузки не найден: выгрузите его ещё раз.',
    filesGetOnly: 'Только GET.',
    badAddress: 'Неверный адрес.',
    noFile: 'Нет такого файла.',
    noRoute: 'Нет такого адреса.',
  },
  en: {
    unknownHost: 'A request to an unknown address was refused.',
    foreignSite: 'A request from another site was refused.',
    noSecret: 'No access to the app core: open the link that `npm run web` printed (it works until that command stops).',
    tooLarge: (maxBytes) => `The request is too large: over ${maxBytes} bytes.`,
    postOnly: 'A core method is called with a POST request only.',
    jsonOnly: 'Arguments are sent as JSON (application/json).',
    unknownMethod: (name) => `Unknown method: ${name}.`,
    badJson: 'The arguments are not valid JSON.',
    internal: 'Internal error of the app.',
    eventsGetOnly: 'The event stream is opened with a GET request.',
    tooManyStreams: 'Too many tabs of the app are open.',
    busy: 'The app is busy: too many large requests at once. Try again in a few seconds.',
    downloadGetOnly: 'A file is downloaded with a GET request.',
    downloadGone: 'The file was already downloaded or its link expired: export it again.',
    downloadMissing: 'The exported file is not found: export it again.',
    filesGetOnly: 'GET only.',
    badAddress: 'Invalid address.',
    noFile: 'No such file.',
    noRoute: 'No such address.',
  },
};
