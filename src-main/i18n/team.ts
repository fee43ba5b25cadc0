/**
 * The team database's words: what the CLI and the app say when a team PostgreSQL cannot be used.
 * `where` is the database's address without its password (teamdb/connection.ts, describeTeamUrl); no text here
 * ever gets the password. Pure, so the renderer says the same words.
 */
import type { Messages } from './text';

export const teamErrorText: Messages<{
  invalidUrl: string;
  invalidSchema: (name: string) => string;
  systemSchema: (name: string) => string;
  wrongPassword: (where: string, user: string) => string;
  noPassword: (where: string) => string;
  unreachable: (where: string) => string;
  noDatabase: (where: string, database: string) => string;
  noPermission: (where: string, user: string, schema: string) => string;
  schemaTooNew: (found: number, known: number) => string;
  other: (where: string, message: string) => string;
}> = {
  ru: {
    invalidUrl: 'Неверный адрес базы команды: нужен адрес вида postgres://пользователь@сервер:5432/база.',
    invalidSchema: (name) =>
      `Недопустимое имя схемы «${name}»: строчные латинские буквы, цифры и подчёркивание, не больше 63 знаков, первым — буква или подчёркивание.`,
    systemSchema: (name) =>
      `«${name}» — системная схема PostgreSQL (как information_schema и все pg_…): базе команды нужна своя схема, например tenderwb.`,
    wrongPassword: (where, user) =>
      `База команды (${where}) не приняла пользователя «${user}» или его пароль: проверьте имя пользователя и сохраните верный пароль. Локальные данные не изменились.`,
    noPassword: (where) =>
      `База команды (${where}) требует пароль: сохраните его в настройках команды (или командой tenderwb team password) либо задайте переменную PGPASSWORD.`,
    unreachable: (where) =>
      `Сервер базы команды недоступен (${where}): проверьте адрес, порт и сеть. Локальные данные не изменились, синхронизацию можно повторить.`,
    noDatabase: (where, database) =>
      `На сервере нет базы данных «${database}» (${where}): проверьте имя базы в адресе или попросите администратора создать её.`,
    noPermission: (where, user, schema) =>
      `У пользователя «${user}» не хватает прав в базе команды (${where}): нужны права создавать схему «${schema}» и писать в неё. Локальные данные не изменились.`,
    schemaTooNew: (found, known) =>
      `База команды обновлена более новой версией Tender Workbench (схема ${found}), эта версия знает схему ${known}: обновите приложение.`,
    other: (where, message) => `База команды (${where}) ответила ошибкой: ${message}. Локальные данные не изменились.`,
  },
  en: {
    invalidUrl: 'Invalid team database address: give an address like postgres://user@server:5432/database.',
    invalidSchema: (name) =>
      `Invalid schema name "${name}": use lower-case Latin letters, digits and underscores, at most 63 characters, starting with a letter or an underscore.`,
    systemSchema: (name) =>
      `"${name}" is a PostgreSQL system schema (as are information_schema and every pg_… name): the team database needs a schema of its own, such as tenderwb.`,
    wrongPassword: (where, user) =>
      `The team database (${where}) did not accept the user "${user}" or its password: check the user name and save the right password. Nothing changed locally.`,
    noPassword: (where) =>
      `The team database (${where}) needs a password: save it in the team settings (or with tenderwb team password) or set PGPASSWORD.`,
    unreachable: (where) =>
      `The team database's server cannot be reached (${where}): check the address, the port and the network. Nothing changed locally; the sync can be run again.`,
    noDatabase: (where, database) =>
      `The server has no database "${database}" (${where}): check the database name in the address or ask the administrator to create it.`,
    noPermission: (where, user, schema) =>
      `The user "${user}" lacks rights in the team database (${where}): it needs to create the schema "${schema}" and write into it. Nothing changed locally.`,
    schemaTooNew: (found, known) =>
      `The team database was upgraded by a newer Tender Workbench (schema ${found}); this version knows schema ${known}: update the app.`,
    other: (where, message) => `The team database (${where}) answered with an error: ${message}. Nothing changed locally.`,
  },
};
