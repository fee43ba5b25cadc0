/**
 * «Без уведомлений» / «С уведомлениями» beside a followed search: a muted search is still followed
 * and read, only not told about (notifications.mute; kept in the profile's cache).
 */
import { useState } from 'react';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useStrings, type Strings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';

const strings: Strings<{ mute: string; unmute: string; hint: string }> = {
  ru: { mute: 'Без уведомлений', unmute: 'Уведомлять', hint: 'Слежение продолжается; уведомления об этом поиске не показываются.' },
  en: { mute: 'Mute', unmute: 'Notify', hint: 'Following goes on; this search’s notifications are not shown.' },
};

export function MuteButton({ filterId }: { filterId: string }) {
  const s = useStrings(strings);
  const epoch = useAppStore((st) => st.epoch);
  const muted = useLoad(() => call('notifications.muted', {}), `notifications-muted-${epoch}`);
  const [busy, setBusy] = useState(false);
  const isMuted = muted.data?.includes(filterId) ?? false;
  return (
    <>
      <button
        type="button"
        title={s.hint}
        disabled={busy || muted.data === null}
        aria-pressed={isMuted}
        data-testid="saved-mute"
        onClick={() => {
          setBusy(true);
          call('notifications.mute', { filterId, muted: !isMuted }).then(
            (r) => {
              setBusy(false);
              muted.update((cur) => [...(cur ?? []).filter((id) => id !== filterId), ...(r.muted ? [filterId] : [])]);
            },
            (e: unknown) => {
              setBusy(false);
              muted.fail(e);
            },
          );
        }}
      >
        {isMuted ? s.unmute : s.mute}
      </button>
      <ErrorNotice error={muted.error} testId="saved-mute-error" />
    </>
  );
}
