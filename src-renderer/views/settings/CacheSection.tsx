/**
 * Settings: where the cache is and what it holds. Its data: useCacheInfo.
 */
import { useLocale } from '../../i18n/i18n';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatBytes, formatInt } from '../../format/format';
import type { S } from './settingsStrings';
import { useCacheInfo } from './useSettingsData';

export function CacheSection({ s }: { s: S }) {
  const locale = useLocale();
  const { info, error, reload: load } = useCacheInfo();
  return (
    <section className="settings__section" aria-labelledby="settings-cache" data-testid="settings-cache">
      <h2 id="settings-cache">
        {s.cache}{' '}
        <button type="button" className="btn--link" onClick={load}>
          {s.refresh}
        </button>
      </h2>
      <ErrorNotice error={error} testId="cache-error" />
      {info && (
        <dl className="settings__dl">
          <dt>{s.cachePath}</dt>
          <dd className="settings__mono" data-testid="cache-path">
            {info.path}
          </dd>
          <dt>{s.cacheSize}</dt>
          <dd data-testid="cache-size">{formatBytes(info.sizeBytes, locale)}</dd>
          <dt>{s.cacheTenders}</dt>
          <dd>
            {formatInt(info.tenders, locale)} <span className="muted">({s.versions(formatInt(info.tenderVersions, locale))})</span>
          </dd>
          <dt>{s.cacheContracts}</dt>
          <dd>
            {formatInt(info.contracts, locale)} <span className="muted">({s.versions(formatInt(info.contractVersions, locale))})</span>
          </dd>
          <dt>{s.cacheCards}</dt>
          <dd>{formatInt(info.cards, locale)}</dd>
        </dl>
      )}
    </section>
  );
}
