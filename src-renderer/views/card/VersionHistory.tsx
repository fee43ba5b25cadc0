/**
 * The versions of an object held in the cache (each with when it arrived, whether it was charged and how it
 * came), and a readable diff between any two of them (`card.version` reads the stored objects; free, offline).
 */
import { useEffect, useRef, useState } from 'react';
import type { CardResult } from '../../../src-main/contract/ipc';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatDateTime } from '../../format/format';
import { useStrings, useLocale } from '../../i18n/i18n';
import { useVersionDiff } from './useCardData';
import { cardStrings } from './cardStrings';
import { Section } from './CardParts';
import { DocumentsDiff } from '../../components/documents/DocumentsDiff';
import { statedVersion } from './cardFields';

/**
 * `versionLabel` names a version for people: the number by default (none for a version the server did not
 * state); an earlier-generation profile, whose API has no version numbers, keys versions by their update_date
 * and shows that instead. `focus` (a new `nonce` each time) compares a given pair and brings the section into
 * view: the marks panel's «Что изменилось» since the tender was marked.
 */
export function VersionHistory({
  kind,
  id,
  versions,
  versionLabel,
  focus,
  documentsDiff,
}: {
  kind: CardResult['kind'];
  id: number;
  versions: CardResult['versions'];
  versionLabel?: (version: number) => string;
  focus?: { from: number; to: number; nonce: number };
  /** A tender of the current generation: the documents' diff beside the field diff. */
  documentsDiff?: boolean;
}) {
  const s = useStrings(cardStrings);
  const locale = useLocale();
  const label = versionLabel ?? ((v: number) => String(statedVersion(v) ?? s.versionUnstated));
  // A version the server did not state is newer than every version held when its card came (it matched
  // none of them): first, newest received first; then the stated ones by number. Only stated versions are
  // compared, since the core reads stored versions by their real number.
  const stated = (v: number) => statedVersion(v) !== null;
  const sorted = [...versions].sort((a, b) => Number(stated(a.version)) - Number(stated(b.version)) || (stated(a.version) ? b.version - a.version : b.receivedAt.localeCompare(a.receivedAt)));
  const comparable = sorted.filter((v) => stated(v.version));
  const latest = comparable[0]?.version ?? null;
  const previous = comparable[1]?.version ?? null;
  const [from, setFrom] = useState<number | null>(previous);
  const [to, setTo] = useState<number | null>(latest);
  const { diff, busy, error, compare } = useVersionDiff(kind, id, latest, previous);

  // A new version arrived (the card was reopened after a change): the two newest are chosen (and compared) again.
  useEffect(() => {
    setFrom(previous);
    setTo(latest);
  }, [latest, previous]);

  const section = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focus) return;
    setFrom(focus.from);
    setTo(focus.to);
    compare(focus.from, focus.to);
    section.current?.scrollIntoView({ block: 'start' });
  }, [focus?.nonce]);

  return (
    <div ref={section}>
      <Section title={s.versions} testId="card-versions">
        <table className="card__table card__versions">
          <thead>
            <tr>
              <th>{s.version}</th>
              <th>{s.received}</th>
              <th>{s.billed}</th>
              <th>{s.via}</th>
              <th>{s.compareFrom}</th>
              <th>{s.compareTo}</th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((v) => (
              <tr key={v.version} data-testid="card-version" data-version={v.version}>
                <td>{label(v.version)}</td>
                <td>{formatDateTime(v.receivedAt, locale)}</td>
                <td>
                  {/* Not billed and not stated: the card said nothing about a charge, so "free" would be a guess. */}
                  {v.billed || stated(v.version) ? <span className={`badge ${v.billed ? 'badge--charged' : 'badge--free'}`}>{v.billed ? s.charged : s.free}</span> : s.billedUnstated}
                </td>
                <td>
                  {v.via === 'feed' ? s.viaFeed : v.via === 'card' ? s.viaCard : v.via}
                  {/* A teammate's word, not the API's: said beside how it came. */}
                  {v.from === 'team' || v.from === 'team_unproven' ? (
                    <span className="card__muted" data-testid="card-version-team">
                      {' · '}
                      {v.from === 'team' ? s.fromTeam : s.fromTeamUnproven}
                    </span>
                  ) : null}
                </td>
                <td>
                  <input type="radio" name={`from-${kind}-${id}`} checked={from === v.version} disabled={!stated(v.version)} onChange={() => setFrom(v.version)} aria-label={`${s.compareFrom} ${label(v.version)}`} />
                </td>
                <td>
                  <input type="radio" name={`to-${kind}-${id}`} checked={to === v.version} disabled={!stated(v.version)} onChange={() => setTo(v.version)} aria-label={`${s.compareTo} ${label(v.version)}`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {comparable.length < 2 ? (
          <p className="card__muted" data-testid="card-versions-single">
            {sorted.length < 2 ? s.oneVersion : s.unstatedNotCompared}
          </p>
        ) : (
          <button type="button" disabled={busy || from === null || to === null || from === to} onClick={() => from !== null && to !== null && compare(from, to)} data-testid="card-compare">
            {s.compare}
          </button>
        )}
        <ErrorNotice error={error} testId="card-diff-error" />
        {diff && (
          <div className="card__diff" data-testid="card-diff" data-from={diff.from} data-to={diff.to}>
            <h3>{s.diffTitle(label(diff.from), label(diff.to))}</h3>
            {diff.result.entries.length === 0 ? (
              <p data-testid="card-diff-empty">{s.noChanges}</p>
            ) : (
              <ul>
                {diff.result.entries.map((e, i) => (
                  <li key={`${e.path}-${i}`} className={`diff diff--${e.kind}`} data-testid="card-diff-entry" data-path={e.path}>
                    <span className="diff__label">{e.label}</span>
                    {e.kind === 'changed' ? (
                      <>
                        {/* A field one version did not carry is said so in plain words, neither struck nor inserted. */}
                        : {e.absent === 'before' ? <span className="muted">{e.before}</span> : <del>{e.before}</del>} → {e.absent === 'after' ? <span className="muted">{e.after}</span> : <ins>{e.after}</ins>}
                      </>
                    ) : (
                      <>
                        {' '}
                        {e.kind === 'added' ? s.added : s.removed}: <span className={e.kind === 'added' ? 'diff__ins' : 'diff__del'}>{e.item}</span>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {diff.result.notCompared.length > 0 && <p className="card__muted">{s.notCompared(diff.result.notCompared.join('; '))}</p>}
            {documentsDiff && <DocumentsDiff tenderId={id} from={diff.from} to={diff.to} />}
          </div>
        )}
      </Section>
    </div>
  );
}
