/**
 * A followed search's notifications limited to relevant tenders, beside «Без уведомлений»: told only
 * when a delivered tender's relevance (the «Разбор» model's score) reaches the chosen share. Enforced in the core
 * (notifications.setMinRelevance; kept in the profile's cache); until the model has enough labels every delivery
 * is told, and the hint says so.
 */
import { useState } from 'react';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { relevanceText } from '../../../src-main/i18n/triageText';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';

/** The thresholds offered: a share of the model's probability. */
const CHOICES = [0.5, 0.6, 0.7, 0.8, 0.9] as const;

const strings: Strings<{ label: string; any: string; from: (p: string) => string; hint: string }> = {
  ru: {
    label: 'Уведомлять о',
    any: 'всех закупках',
    from: (p) => `релевантных от ${p}`,
    hint: 'Релевантность — оценка модели «Разбора» по вашим отметкам. Пока отметок мало, уведомляем обо всех.',
  },
  en: {
    label: 'Notify about',
    any: 'every tender',
    from: (p) => `relevant from ${p}`,
    hint: 'Relevance is the triage model’s score learned from your marks. Until there are enough marks, every tender is told.',
  },
};

export function RelevanceThreshold({ filterId }: { filterId: string }) {
  const s = useStrings(strings);
  const locale = useLocale();
  const epoch = useAppStore((st) => st.epoch);
  const loaded = useLoad(() => call('notifications.minRelevances', {}), `notifications-min-relevance-${epoch}`);
  const [busy, setBusy] = useState(false);
  const current = loaded.data?.[filterId] ?? null;
  return (
    <>
      <label className="saved__threshold" title={s.hint}>
        {s.label}{' '}
        <select
          value={current === null ? '' : String(current)}
          disabled={busy || loaded.data === null}
          data-testid="saved-min-relevance"
          onChange={(e) => {
            const minRelevance = e.target.value === '' ? null : Number(e.target.value);
            setBusy(true);
            call('notifications.setMinRelevance', { filterId, minRelevance }).then(
              (r) => {
                setBusy(false);
                loaded.update((cur) => {
                  const next = { ...(cur ?? {}) };
                  if (r.minRelevance === null) delete next[filterId];
                  else next[filterId] = r.minRelevance;
                  return next;
                });
              },
              (err: unknown) => {
                setBusy(false);
                loaded.fail(err);
              },
            );
          }}
        >
          <option value="">{s.any}</option>
          {CHOICES.map((c) => (
            <option key={c} value={String(c)}>
              {s.from(relevanceText(c, locale))}
            </option>
          ))}
        </select>
      </label>
      <ErrorNotice error={loaded.error} testId="saved-min-relevance-error" />
    </>
  );
}
