/**
 * «Обновляем кэш: N %» while the core opens a profile's cache that a migration fills from what it holds (the
 * first start after an update: minutes on a large cache). The core runs in a worker, so the window
 * stays live and hears `cache.upgrade`; the notice goes at 100 %.
 */
import { useEffect, useState } from 'react';
import { subscribe } from '../bridge/client';
import { useLocale } from '../i18n/i18n';
import { cacheUpgradeText } from '../../src-main/i18n/cacheUpgrade';

export function CacheUpgradeNotice() {
  const locale = useLocale();
  const [percent, setPercent] = useState<number | null>(null);
  useEffect(() => subscribe('cache.upgrade', (e) => setPercent(e.percent < 100 ? e.percent : null)), []);
  if (percent === null) return null;
  return (
    <div className="banner banner--progress" role="status" data-testid="cache-upgrade" data-percent={percent}>
      <progress max={100} value={percent} /> {cacheUpgradeText(percent, locale)}
    </div>
  );
}
