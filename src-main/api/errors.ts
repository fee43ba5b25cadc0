/**
 * The one error type of the API client. Whatever went wrong (an HTTP error of the service, a dropped
 * connection, a timeout, a body we cannot read, a cancelled sync) reaches the caller as an `ApiError` with a
 * stable `code`, the service's `request_id` when it sent one, whether repeating may help, and one sentence
 * in Russian telling the analyst what to do.
 *
 * Secrets never enter an error: messages are built by the client from the method, the path template and the
 * service's own message, and everything is passed through `redactSecrets` before it is stored.
 */

import type { Text } from '../i18n/text';
import { notFoundText, type NotFoundSubject } from '../i18n/notFoundText';
import { problemFields, problemFieldsText, type ProblemField } from './problemFields';

/** Codes the client makes itself; every other code is the service's own (`balance_exhausted`, ...). */
export const CLIENT_ERROR_CODES = ['network', 'timeout', 'bad_response', 'cancelled', 'response_too_large', 'no_progress'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Codes of reference section 7 and the decisions file (D-BASE-3, D-ERR-2, D-ERR-3). */
export type ServiceErrorCode =
  | 'validation_error'
  | 'invalid_cursor'
  | 'idempotency_key_required'
  | 'unauthorized'
  | 'invalid_session'
  | 'balance_exhausted'
  | 'not_found'
  | 'cursor_expired'
  | 'api_key_limit_reached'
  | 'unprocessable_entity'
  | 'rate_limit_exceeded'
  | 'method_not_allowed'
  | 'internal_error'
  // The earlier generation (document 2, D-E-ERR-1).
  | 'daily_limit_exceeded'
  | 'license_expired';

/** A code the client knows, or any other string a newer service may send. */
export type ApiErrorCode = ClientErrorCode | ServiceErrorCode | (string & {});

export type ApiErrorInit = {
  code: ApiErrorCode;
  /** Technical message (English, for logs); already free of secrets. */
  message: string;
  status?: number | null;
  requestId?: string | null;
  retryable?: boolean;
  retryAfterMs?: number;
  /** `error.details` of a 422, or a short description of a schema failure. */
  details?: unknown;
  /** Which balance a `balance_exhausted` is about (the route decides); default `tenders`. */
  balance?: 'tenders' | 'contracts';
  /** Overrides the sentence derived from the code. */
  userMessage?: string;
  /** Overrides it in both languages (the app picks the user's locale); `userMessage` becomes its Russian side. */
  text?: Text;
  /** What the request was about: a 404 names it (never a bare «Объект не найден»). */
  subject?: NotFoundSubject;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly status: number | null;
  readonly requestId: string | null;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly details?: unknown;
  /** One plain sentence in Russian for the analyst: what happened and what to do. */
  readonly userMessage: string;
  /** The sentence in both languages when the client made one for this case (else the app derives it from the code). */
  readonly text?: Text;
  /** What the request was about, when it named something (a card's id, a list, a filter). */
  readonly subject?: NotFoundSubject;

  constructor(init: ApiErrorInit) {
    super(redactSecrets(init.message));
    // The code, the request id and the details may be a server's words: none of them may carry a token on.
    this.code = redactSecrets(init.code);
    this.status = init.status ?? null;
    this.requestId = init.requestId ? redactSecrets(init.requestId) : null;
    this.retryable = init.retryable ?? false;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.details !== undefined) this.details = redactDeep(init.details);
    if (init.subject) this.subject = init.subject;
    // A 404 says what was not found, from the request's own context, in both languages.
    const text = init.text ?? (this.code === 'not_found' && init.subject && init.userMessage === undefined ? notFoundText(init.subject) : undefined);
    if (text) this.text = { ru: redactSecrets(text.ru), en: redactSecrets(text.en) };
    this.userMessage = redactSecrets(
      text?.ru ??
        init.userMessage ??
        userMessageFor(this.code, { requestId: this.requestId, retryAfterMs: init.retryAfterMs, balance: init.balance, fields: problemFields(this.details) }),
    );
  }

  /** A plain object that is safe to log or to send over IPC (`{ok:false, error}`). */
  toJSON(): {
    name: string;
    code: string;
    status: number | null;
    requestId: string | null;
    retryable: boolean;
    retryAfterMs?: number;
    message: string;
    userMessage: string;
  } {
    return {
      name: this.name,
      code: this.code,
      status: this.status,
      requestId: this.requestId,
      retryable: this.retryable,
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
      message: this.message,
      userMessage: this.userMessage,
    };
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The same failure told in other words (both languages): the code, status and request id stay for support. */
export function retold(e: ApiError, text: Text): ApiError {
  return new ApiError({
    code: e.code,
    message: e.message,
    status: e.status,
    requestId: e.requestId,
    retryable: e.retryable,
    ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
    ...(e.details !== undefined ? { details: e.details } : {}),
    ...(e.subject ? { subject: e.subject } : {}),
    text,
  });
}

/** An answer cut off at the body cap (transport.ts `MAX_BODY_BYTES`): nothing of it was kept. */
export const RESPONSE_TOO_LARGE: Text = {
  ru: 'Сервис прислал слишком большой ответ, и приложение прервало его, ничего не сохранив: повторите попытку позже, а если ошибка повторится, обратитесь в поддержку.',
  en: 'The service sent an answer too large to be a real one, and the app cut it off keeping nothing of it: try again later, and if it repeats contact support.',
};

/** `13 с` or, from two minutes on, `60 мин`. */
function waitText(ms: number | undefined): string {
  const s = Math.max(1, Math.ceil((ms ?? 60_000) / 1000));
  return s < 120 ? `${s} с` : `${Math.ceil(s / 60)} мин`;
}

/** The analyst's sentence for a code. Codes the client does not know get a generic sentence naming the code. */
export function userMessageFor(
  code: ApiErrorCode,
  context: { requestId?: string | null; retryAfterMs?: number; balance?: 'tenders' | 'contracts'; fields?: readonly ProblemField[] } = {},
): string {
  const { requestId, retryAfterMs } = context;
  const support = requestId ? `, назвав номер запроса ${requestId}` : '';
  switch (code) {
    case 'balance_exhausted':
      return `Баланс ${context.balance === 'contracts' ? 'контрактов' : 'тендеров'} исчерпан: пополните его, и синхронизация продолжится с того же места без повторной оплаты.`;
    case 'unauthorized':
      return 'Сервис не принял токен API: проверьте токен в настройках профиля или выпустите новый в личном кабинете.';
    case 'invalid_session':
      return 'Сессия входа истекла: войдите снова или укажите в профиле постоянный токен API.';
    case 'rate_limit_exceeded':
      return `Слишком много запросов к сервису: подождите ${waitText(retryAfterMs)}, и работа продолжится.`;
    case 'network':
      return 'Нет связи с сервисом: проверьте подключение к интернету и повторите попытку.';
    case 'timeout':
      return 'Сервис не ответил вовремя: повторите попытку через несколько минут.';
    case 'response_too_large':
      return RESPONSE_TOO_LARGE.ru;
    case 'bad_response':
      return `Сервис прислал ответ, который приложение не понимает: повторите попытку позже, а если ошибка повторится, обратитесь в поддержку${support}.`;
    case 'cancelled':
      return 'Операция отменена: запустите её снова, когда будете готовы.';
    case 'internal_error':
      return 'Сервис временно не справляется с запросом: повторите попытку через несколько минут.';
    case 'validation_error':
    case 'unprocessable_entity':
      // The field is named when the body names it (422's body is "not shown": problemFields reads any shape).
      return context.fields?.length
        ? `Сервис отклонил параметры запроса — ${context.fields.length === 1 ? 'поле' : 'поля'} ${problemFieldsText(context.fields)}: исправьте ${context.fields.length === 1 ? 'его' : 'их'} и повторите.`
        : 'Сервис отклонил параметры запроса: проверьте условия фильтра и повторите.';
    case 'invalid_cursor':
      return 'Сервис не принял сохранённую позицию ленты: синхронизация начнёт эту ленту заново по условиям поиска, с оценкой стоимости и пределом расходов, как новый запуск.';
    case 'cursor_expired':
      return 'Лента фильтра перестроена сервисом: синхронизация продолжится с новой позиции без повторной оплаты.';
    case 'not_found':
      return 'Объект не найден: возможно, он удалён или принадлежит другому пользователю.';
    case 'api_key_limit_reached':
      return 'Уже выпущено 20 активных токенов: отзовите ненужный токен и повторите.';
    case 'daily_limit_exceeded':
      return 'Дневной лимит новых тендеров исчерпан: новые тендеры снова можно будет получать после 00:00 по Москве, уже полученные доступны.';
    case 'license_expired':
      return 'Лицензия на доступ к API не действует: продлите её через вашего менеджера, баланс и история операций остаются доступны.';
    case 'idempotency_key_required':
    case 'method_not_allowed':
      return `Внутренняя ошибка приложения при обращении к сервису: обратитесь в поддержку${support}.`;
    default:
      return `Сервис вернул ошибку «${code}»: повторите попытку позже, а если ошибка повторится, обратитесь в поддержку${support}.`;
  }
}

/**
 * One line for the CLI or a UI toast: the analyst's sentence plus the technical facts support asks for
 * (code, HTTP status, request_id). Anything that is not an ApiError is described generically.
 */
export function describeApiError(e: unknown): string {
  if (e instanceof ApiError) return `${e.userMessage} (${apiErrorFacts(e)})`;
  const message = e instanceof Error ? e.message : String(e);
  return redactSecrets(`Непредвиденная ошибка: ${message}`);
}

/** The technical facts support asks for: «код unauthorized, HTTP 401, запрос req_…» (or in English). */
export function apiErrorFacts(e: Pick<ApiError, 'code' | 'status' | 'requestId'>, locale: 'ru' | 'en' = 'ru'): string {
  const facts = [`${locale === 'en' ? 'code' : 'код'} ${e.code}`];
  if (e.status !== null) facts.push(`HTTP ${e.status}`);
  if (e.requestId) facts.push(`${locale === 'en' ? 'request' : 'запрос'} ${e.requestId}`);
  return facts.join(', ');
}

/**
 * Secrets of this API: `tenderwb_live_…`, `twb_test_…` (D-AUTH-2) and any Bearer value. The random part is
 * replaced; the brand and environment stay so that a log still says which kind of token was involved.
 */
// No word boundary before the brand: `x_tenderwb_live_…` glued to other text is still a token. A backslash ends
// a Bearer value so that a JSON escape (`\"`) is never swallowed and a redacted body stays valid JSON.
const TOKEN_PATTERN = /((?:tenderwb|twb)_(?:live|test)_)[A-Za-z0-9]+/gi;
const BEARER_PATTERN = /(Bearer\s+)[^\s"',;\\]+/gi;

/** Removes tokens (the exact `extra` strings, e.g. the current token, then by pattern) from a text. */
export function redactSecrets(text: string, extra: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of extra) {
    if (secret && secret.length >= 4 && out.includes(secret)) out = out.split(secret).join('***');
  }
  return out.replace(TOKEN_PATTERN, '$1***').replace(BEARER_PATTERN, '$1***');
}

/** `redactSecrets` over every string of a JSON-like value, keys (field names) included. */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (depth > 20 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactSecrets(k), redactDeep(v, depth + 1)]));
}
