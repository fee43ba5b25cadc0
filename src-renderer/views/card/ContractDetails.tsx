/** The body of a contract card: customer, suppliers, execution with its stages, positions, its tender. */
import { useAppStore } from '../../state/store';
import { formatDate, formatDateTime, formatRub } from '../../format/format';
import { contractStageOf } from '../../../src-main/domain/contractStage';
import { contractStageName, useStrings, useLocale } from '../../i18n/i18n';
import { cardStrings } from './cardStrings';
import { arr, named, num, obj, str, type Json } from './cardFields';
import { Fields, Organization, Positions, Section, type LoadCard } from './CardParts';

/** `notLoaded`: the contract's card was never opened (its stored object is shown): its positions are not held. */
export function ContractDetails({ card, page, onPage, notLoaded }: { card: Json; page: number; onPage(page: number): void; notLoaded?: LoadCard }) {
  const s = useStrings(cardStrings);
  const locale = useLocale();
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  const execution = obj(card, 'execution');
  const stages = arr(execution, 'stages');
  const suppliers = arr(card, 'suppliers');
  const tenderId = num(card, 'tender_id');
  return (
    <>
      <Section title={s.contract} testId="card-overview">
        <Fields
          items={[
            [s.signed, formatDateTime(str(card, 'sign_date'), locale)],
            [s.region, named(card, 'region')],
            [
              s.tender,
              tenderId === null ? (
                '—'
              ) : (
                <button type="button" className="linkish" data-testid="card-open-tender" onClick={() => navigate({ view: 'card', kind: 'tender', id: tenderId, back: route })}>
                  {s.openTender} {str(card, 'tender_etp_id') ?? tenderId}
                </button>
              ),
            ],
          ]}
        />
      </Section>
      <Section title={s.suppliers} testId="card-suppliers">
        {suppliers.length === 0 ? <p>—</p> : suppliers.map((sup, i) => <Organization key={str(sup, 'inn') ?? i} org={sup} testId="card-supplier" role="supplier" />)}
      </Section>
      <Section title={s.execution} testId="card-execution">
        <Fields
          items={[
            // One name per stage, as in the dossiers (domain/contractStage.ts), not the server's own words.
            [s.stage, contractStageName(contractStageOf(execution), locale)],
            [s.paid, `${formatRub(num(execution, 'paid'), locale)} / ${formatRub(num(card, 'price'), locale)}`],
            [s.executionEnd, formatDate(str(execution, 'end_date'), locale)],
          ]}
        />
        {stages.length > 0 && (
          <table className="card__table">
            <caption>{s.stages}</caption>
            <thead>
              <tr>
                <th>№</th>
                <th>{s.plannedDate}</th>
                <th className="num">{s.amount}</th>
                <th className="num">{s.paid}</th>
              </tr>
            </thead>
            <tbody>
              {stages.map((st, i) => (
                <tr key={str(st, 'ordinal') ?? i}>
                  <td>{str(st, 'ordinal')}</td>
                  <td>{formatDate(str(st, 'planned_date'), locale)}</td>
                  <td className="num">{formatRub(num(st, 'amount'), locale)}</td>
                  <td className="num">{formatRub(num(st, 'paid'), locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Positions card={card} page={page} onPage={onPage} {...(notLoaded ? { notLoaded } : {})} />
      <Section title={s.customer} testId="card-organization">
        <Organization org={obj(card, 'customer')} role="customer" />
      </Section>
    </>
  );
}
