/**
 * How a failed call is shown: the message as the core wrote it (already in the user's language) and the
 * server's request id to quote to support. Being offline is not an alarm: cached data is still there, and the
 * frame's banner says so once.
 */
import { CallError } from '../bridge/client';
import { useStrings, type Strings } from '../i18n/i18n';
import { useAppStore } from '../state/store';

const strings: Strings<{ requestId: string; offline: string; notDone: string; unknown: string }> = {
  ru: {
    requestId: 'Номер запроса',
    offline: 'Нет связи с сервером. Сохранённые в кэше данные по-прежнему доступны; попробуйте позже или ищите в кэше.',
    notDone: 'Не выполнено: нет связи с сервером.',
    unknown: 'Непредвиденная ошибка',
  },
  en: {
    requestId: 'Request id',
    offline: 'The server cannot be reached. Cached data is still available; try again later or search the cache.',
    notDone: 'Not done: the server cannot be reached.',
    unknown: 'Unexpected error',
  },
};

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function ErrorNotice({ error, testId = 'error' }: { error: unknown; testId?: string }) {
  const s = useStrings(strings);
  const frameConnected = useAppStore((st) => st.online && !st.backendGone);
  if (error === null || error === undefined) return null;
  if (error instanceof CallError && error.code === 'offline') {
    // Said once: when the frame already explains it (offline, or browser mode's server stopped),
    // the action only says it was not done; otherwise one explanation, not the core's near-copy beside it.
    return (
      <div className="notice notice--offline" role="status" data-testid={testId} data-code="offline">
        {frameConnected ? s.offline : s.notDone}
      </div>
    );
  }
  const code = error instanceof CallError ? error.code : 'internal';
  const requestId = error instanceof CallError ? error.requestId : null;
  return (
    <div className="notice notice--error" role="alert" data-testid={testId} data-code={code}>
      <div>{errorMessage(error) || s.unknown}</div>
      {requestId ? (
        <div className="notice__detail">
          {s.requestId}: <code data-testid={`${testId}-request-id`}>{requestId}</code>
        </div>
      ) : null}
    </div>
  );
}
