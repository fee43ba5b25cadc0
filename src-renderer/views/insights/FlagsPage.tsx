/**
 * Red flags of a saved search, a list, a customer, a supplier or the whole cache: each flag of the
 * catalogue with its definition, its source (OCP indicator, article of the law) and the fields it needs; the
 * objects it was raised on with the evidence in words; what could not be checked because the server did not
 * send a field; and "false positive" (with a note) / "restore", remembered locally.
 */
import { useState } from 'react';
import type { FlagDefinition, RaisedFlag } from '../../../src-main/domain/insights';
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InnLink } from '../../components/InnLink';
import { useLocale, useStrings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { evidenceLines, fieldName } from './flagEvidence';
import { flagsHeadline, flagSummary, gapRemedy, type CheckedCounts, type GapRemedy, type GapWithKind } from './flagStates';
import { EnrichButton } from './PaidFetch';
import { insightsStrings } from './insightsStrings';
import { ScopePicker, type PickedScope } from './ScopePicker';
import { useFlags, type FlagsScope } from './useInsights';

export function FlagsPage({ scope }: { scope: FlagsScope | undefined }) {
  const s = useStrings(insightsStrings);
  const navigate = useAppStore((st) => st.navigate);
  const back = useAppStore((st) => (st.route.view === 'insights' ? st.route.back : undefined));
  const { flags, catalogue } = useFlags(scope);
  const a = flags.data;
  const picked: PickedScope | undefined = scope !== undefined && 'kind' in scope && (scope.kind === 'search' || scope.kind === 'list' || scope.kind === 'all') ? (scope as PickedScope) : undefined;
  const byCode = new Map<string, RaisedFlag[]>();
  for (const f of a?.flags ?? []) byCode.set(f.code, [...(byCode.get(f.code) ?? []), f]);
  const gaps: GapWithKind[] = a?.gaps ?? [];
  const checked = (a as { checked?: CheckedCounts } | null)?.checked;
  const definitions = catalogue.data ?? [];
  // Every flag of the catalogue with its state, so "checked, none found" is not mistaken for "not shown".
  const headline = flagsHeadline(
    definitions.map((d) => d.code),
    a?.flags ?? [],
    gaps,
    checked,
  );

  async function toggle(flag: RaisedFlag, note: string) {
    const object = { kind: flag.object.kind, id: flag.object.id } as { kind: 'tender' | 'contract' | 'customer'; id: string };
    try {
      if (flag.dismissed) await call('insights.restoreFlag', { code: flag.code, object });
      else await call('insights.dismissFlag', { code: flag.code, object, ...(note.trim() !== '' ? { note: note.trim() } : {}) });
      flags.update((cur) => cur && { ...cur, flags: cur.flags.map((f) => (f === flag ? { ...f, dismissed: !f.dismissed } : f)) });
    } catch (e) {
      flags.fail(e);
    }
  }

  return (
    <div data-testid="insights-flags">
      {(scope === undefined || picked !== undefined) && (
        <ScopePicker
          value={picked}
          allowAll
          testId="insights-flags-scope"
          onChange={(p) => navigate({ view: 'insights', at: { page: 'flags', scope: p }, ...(back ? { back } : {}) })}
        />
      )}
      {flags.loading && a === null && <p>{s.loading}</p>}
      <ErrorNotice error={flags.error ?? catalogue.error} testId="insights-flags-error" />
      {a && scope && (
        <>
          <h1 data-testid="insights-flags-title">{s.flagsOf(a.scope.name ?? (scope.kind === 'all' ? s.scopeAll : (a.scope.id ?? '')))}</h1>
          <p data-testid="insights-flags-count" data-count={a.flags.length} data-clean={headline.clean} data-unchecked={headline.unchecked}>
            {s.flagsHeadline(headline.open, headline.clean, headline.unchecked, definitions.length)}
          </p>
          {headline.unchecked > 1 && <p className="muted">{s.gapsDiffer}</p>}
          {definitions.map((d) => (
            <FlagGroup key={d.code} definition={d} raised={byCode.get(d.code) ?? []} gaps={gaps.filter((g) => g.code === d.code)} checked={checked?.[d.code]} onToggle={toggle} onFetched={flags.reload} />
          ))}
        </>
      )}
    </div>
  );
}

function FlagGroup({ definition, raised, gaps, checked, onToggle, onFetched }: { definition: FlagDefinition; raised: RaisedFlag[]; gaps: GapWithKind[]; checked: number | undefined; onToggle(flag: RaisedFlag, note: string): Promise<void>; onFetched(): void }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const [showDismissed, setShowDismissed] = useState(false);
  const open = raised.filter((f) => !f.dismissed);
  const dismissed = raised.filter((f) => f.dismissed);
  const summary = flagSummary(raised, gaps, checked);
  const state =
    summary.state === 'raised' ? s.stateRaised(summary.open) : summary.state === 'clean' ? s.stateClean : s.stateUnchecked(summary.unchecked, summary.uncheckedKind);
  return (
    <section className="insights__flag" data-testid="flag-group" data-code={definition.code} data-state={summary.state} aria-label={definition.title[locale]}>
      <h2>
        {definition.title[locale]}{' '}
        <span className={`insights__flagState insights__flagState--${summary.state}`} data-testid="flag-state">
          {state}
        </span>
        {summary.checked !== null && summary.checked > 0 && <span className="muted insights__flagChecked">{s.checkedOn(summary.checked)}</span>}
        {summary.state !== 'unchecked' && summary.unchecked > 0 && (
          <span className="insights__flagState insights__flagState--unchecked">{s.stateUnchecked(summary.unchecked, summary.uncheckedKind)}</span>
        )}
      </h2>
      <dl className="card__fields">
        <div className="card__field">
          <dt>{s.definition}</dt>
          <dd data-testid="flag-definition">{definition.definition[locale]}</dd>
        </div>
        <div className="card__field">
          <dt>{s.sourceOf}</dt>
          <dd data-testid="flag-source">{definition.source[locale]}</dd>
        </div>
        <div className="card__field">
          <dt>{s.needs}</dt>
          <dd>{definition.needs.map((n) => (n.guaranteed ? fieldName(n.field, locale) : `${fieldName(n.field, locale)} (${s.notGuaranteed})`)).join(', ')}</dd>
        </div>
      </dl>
      {gaps.map((g) => {
        const remedy = gapRemedy(g.field, g.in_card);
        return (
          <div className="insights__gap" data-testid="flag-gaps" data-field={g.field} data-remedy={remedy} key={g.field}>
            <p>
              {s.flagsGaps}: {s.gap(g.objects, fieldName(g.field, locale), g.object_kind)}.
            </p>
            <p>{remedyText(remedy, s)}</p>
            {remedy === 'cards' && <EnrichButton onFetched={onFetched} />}
          </div>
        );
      })}
      {/* The undo of a dismissal sits above the open items, where the analyst just clicked, not under a long list. */}
      {dismissed.length > 0 && (
        <button type="button" className="btn--link" data-testid="flag-show-dismissed" onClick={() => setShowDismissed((v) => !v)}>
          {s.showDismissed(dismissed.length)}
        </button>
      )}
      {showDismissed && dismissed.map((f) => <FlagItem key={`${f.object.kind}-${f.object.id}`} flag={f} onToggle={onToggle} />)}
      {open.map((f) => (
        <FlagItem key={`${f.object.kind}-${f.object.id}`} flag={f} onToggle={onToggle} />
      ))}
    </section>
  );
}

function remedyText(remedy: GapRemedy, s: (typeof insightsStrings)["ru"]): string {
  return remedy === 'cards' ? s.remedyCards : remedy === 'tenders' ? s.remedyTenders : remedy === 'peers' ? s.remedyPeers : s.remedyNone;
}

function FlagItem({ flag, onToggle }: { flag: RaisedFlag; onToggle(flag: RaisedFlag, note: string): Promise<void> }) {
  const s = useStrings(insightsStrings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const o = flag.object;
  const kindName = o.kind === 'tender' ? s.objectTender : o.kind === 'contract' ? s.objectContract : s.objectCustomer;
  const openObject = () =>
    o.kind === 'customer'
      ? navigate({ view: 'insights', at: { page: 'dossier', kind: 'customer', inn: o.id }, back: route })
      : navigate({ view: 'card', kind: o.kind, id: Number(o.id), back: route });
  return (
    <article className={`insights__flagItem${flag.dismissed ? ' insights__flagItem--dismissed' : ''}`} data-testid="flag-item" data-code={flag.code} data-object={`${o.kind}:${o.id}`} data-dismissed={flag.dismissed}>
      <div className="insights__flagObject">
        {kindName}:{' '}
        <button type="button" className="linkish" data-testid="flag-object" onClick={openObject}>
          {o.name ?? (o.kind === 'customer' ? s.innOf(o.id) : `ID ${o.id}`)}
        </button>
        {flag.dismissed && <span className="badge"> {s.dismissed}</span>}
      </div>
      <dl className="insights__evidence" data-testid="flag-evidence" aria-label={s.evidence}>
        {evidenceLines(flag.evidence, locale).map(([key, name, value]) => (
          <div key={key}>
            <dt>{name}</dt>
            <dd>{(key === 'customer_inn' || key === 'supplier_inn') && typeof flag.evidence[key] === 'string' ? <InnLink inn={value} kind={key === 'customer_inn' ? 'customer' : 'supplier'} testId="flag-evidence-inn" /> : value}</dd>
          </div>
        ))}
      </dl>
      <div className="insights__flagActions">
        {!flag.dismissed && <input aria-label={s.note} placeholder={s.note} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} data-testid="flag-note" />}
        <button
          type="button"
          disabled={busy}
          data-testid={flag.dismissed ? 'flag-restore' : 'flag-dismiss'}
          onClick={() => {
            setBusy(true);
            void onToggle(flag, note).finally(() => setBusy(false));
          }}
        >
          {flag.dismissed ? s.restore : s.dismiss}
        </button>
      </div>
    </article>
  );
}
