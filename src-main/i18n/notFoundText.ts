/**
 * What a 404 was about, named for the analyst (a bare «Объект не найден» named nothing, so nobody knew
 * whether the tender, the list or the saved search's filter had gone). Every route that can answer 404 knows its
 * subject from its own request (the id in the path, the set a QUERY named), and says it with this one function,
 * in both clients and on every surface.
 */
import type { Text } from './text';

export type NotFoundSubject =
  /** A tender card, by its internal id or (`external`) its id on the trading platform. */
  | { kind: 'tender'; id: string; external?: boolean }
  /** A contract card, by its internal id or (`registry`) its registry number. */
  | { kind: 'contract'; id: string; registry?: boolean }
  | { kind: 'list'; id: string }
  /** A filter of the current generation (`flt_…`) or of the earlier one (a number, made in the web interface). */
  | { kind: 'filter'; id: string; earlier?: boolean }
  | { kind: 'token'; id: string }
  /** A tender in the earlier generation's favorites, by its `etp_id`. */
  | { kind: 'favorite'; id: string }
  /** A QUERY by cursor: the filter the cursor carries, whose id the request does not name. */
  | { kind: 'feed' }
  /** A saved search of this cache (not a server's 404: the app and the CLI look it up locally). */
  | { kind: 'saved_search'; id: string }
  /** A route with no object of its own (`GET /balance`): a 404 there means the address does not lead to the API. */
  | { kind: 'route'; route: string };

/** «Закупка 12345 не найдена на сервисе: …» — what was not found, and what the analyst can do about it. */
export function notFoundText(subject: NotFoundSubject): Text {
  switch (subject.kind) {
    case 'tender':
      return subject.external
        ? {
            ru: `Закупка с номером на площадке ${subject.id} не найдена на сервисе: проверьте номер; возможно, закупка удалена.`,
            en: `The tender with platform number ${subject.id} was not found on the service: check the number; the tender may have been deleted.`,
          }
        : {
            ru: `Закупка ${subject.id} не найдена на сервисе: проверьте номер; возможно, закупка удалена.`,
            en: `Tender ${subject.id} was not found on the service: check the number; the tender may have been deleted.`,
          };
    case 'contract':
      return subject.registry
        ? {
            ru: `Контракт с реестровым номером ${subject.id} не найден на сервисе: проверьте номер; возможно, контракт удалён.`,
            en: `The contract with registry number ${subject.id} was not found on the service: check the number; the contract may have been deleted.`,
          }
        : {
            ru: `Контракт ${subject.id} не найден на сервисе: проверьте номер; возможно, контракт удалён.`,
            en: `Contract ${subject.id} was not found on the service: check the number; the contract may have been deleted.`,
          };
    case 'list':
      return {
        ru: `Список ${subject.id} не найден на сервисе: он удалён или принадлежит другому пользователю.`,
        en: `List ${subject.id} was not found on the service: it was deleted or belongs to another user.`,
      };
    case 'filter':
      return subject.earlier
        ? {
            ru: `Фильтр ${subject.id} не найден на сервисе: возможно, его удалили в веб-интерфейсе сервиса. Обновите список фильтров и выберите существующий.`,
            en: `Filter ${subject.id} was not found on the service: it may have been deleted in the service’s web interface. Refresh the filters and choose one that exists.`,
          }
        : {
            ru: `Фильтр ${subject.id} не найден на сервисе: возможно, подписка на него погашена или сервис её забыл.`,
            en: `Filter ${subject.id} was not found on the service: its subscription may have been extinguished or forgotten by the service.`,
          };
    case 'token':
      return {
        ru: `Токен ${subject.id} не найден на сервисе: возможно, он уже отозван.`,
        en: `Token ${subject.id} was not found on the service: it may have been revoked already.`,
      };
    case 'favorite':
      return {
        ru: `Закупка ${subject.id} не найдена на сервисе: проверьте номер на площадке; возможно, закупка удалена.`,
        en: `Tender ${subject.id} was not found on the service: check its platform number; the tender may have been deleted.`,
      };
    case 'feed':
      return {
        ru: 'Фильтр, к которому относится сохранённая позиция ленты, не найден на сервисе: возможно, сервис его забыл.',
        en: 'The filter the saved feed position belongs to was not found on the service: the service may have forgotten it.',
      };
    case 'saved_search':
      return {
        ru: `Сохранённый поиск ${subject.id} не найден: возможно, его уже удалили.`,
        en: `Saved search ${subject.id} was not found: it may have been deleted already.`,
      };
    case 'route':
      return {
        ru: `Сервис не нашёл ${subject.route}: проверьте адрес API в профиле — возможно, он ведёт не к API.`,
        en: `The service did not find ${subject.route}: check the API address of the profile; it may not lead to the API.`,
      };
  }
}

/** The subject of a QUERY by its body: the filter or list it names, the filter its cursor carries, or none (criteria). */
export function querySubject(body: Record<string, unknown>): NotFoundSubject | undefined {
  if (typeof body.cursor === 'string') return { kind: 'feed' };
  if (typeof body.list_id === 'string') return { kind: 'list', id: body.list_id };
  if (typeof body.filter_id === 'string') return { kind: 'filter', id: body.filter_id };
  return undefined;
}
