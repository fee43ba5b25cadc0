/**
 * Contracts: by customer INN, by supplier (INN or name), or by list. The set is read as a job (progress, cancel,
 * spend cap) and the rows come from the cache, so what was fetched once stays browsable offline. INNs are
 * checked by their checksums before anything is sent. A double click opens the contract card.
 */
import { useMemo, useState } from 'react';
import type { ContractRow, MethodResult } from '../../../src-main/contract/ipc';
import { call } from '../../bridge/client';
import { useAppStore } from '../../state/store';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InnLink, PartyChips } from '../../components/InnLink';
import { Field, fieldErrorId } from '../../components/Field';
import { JobProgress, isJobActive } from '../../components/JobProgress';
import { useSpendConfirm } from '../../components/SpendConfirm';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { useRowCommands } from '../../components/useRowCommands';
import { MarksButton } from '../../components/MarksEditor';
import { useProvideAction } from '../../state/commands/actions';
import { keysOf, type ActionId } from '../../state/commands/registry';
import { emptySelection } from '../../components/selection';
import { formatDate, formatInt, formatRub } from '../../format/format';
import { useStrings, type Strings, useLocale } from '../../i18n/i18n';
import { useContractsData, type RowsFilter } from './useContractsData';
import { buildContractQuery, type ContractForm, type ContractMode, type FormProblem } from './contractQuery';
import { parseUnitsInput, typedAmount } from '../../components/amountInput';

/** The contracts table selects nothing (nothing acts on several contracts at once). */
const NO_SELECTION = emptySelection();

const strings: Strings<
  {
    title: string;
    byCustomer: string;
    bySupplier: string;
    byList: string;
    customerInn: string;
    supplierInn: string;
    supplierName: string;
    narrow: string;
    list: string;
    chooseList: string;
    maxSpend: string;
    maxSpendHint: string;
    find: string;
    estimate: string;
    estimateHint: string;
    estimateResult: (total: string, upTo: string, held: string) => string;
    estimateUnknown: string;
    estimateCharged: (n: string) => string;
    difference: string;
    shownAll: (n: string) => string;
    shown: (n: string) => string;
    postFilter: string;
    reestr: string;
    customer: string;
    suppliers: string;
    price: string;
    signed: string;
    tender: string;
    empty: string;
    /** `k`: an action's keys as the palette shows them (registry keysOf). */
    hint: (k: (action: ActionId) => string) => string;
    openByNumber: string;
    openNumber: string;
    open: string;
  } & Record<FormProblem, string>
> = {
  ru: {
    title: 'Контракты',
    byCustomer: 'По ИНН заказчика',
    bySupplier: 'По поставщику',
    byList: 'По списку закупок',
    customerInn: 'ИНН заказчика',
    supplierInn: 'ИНН поставщика',
    supplierName: 'Название поставщика (часть)',
    narrow: 'Сузить по поставщику (необязательно)',
    list: 'Список',
    chooseList: '— выберите список —',
    maxSpend: 'Не тратить больше, ед.',
    maxSpendHint: 'пусто — без ограничения',
    find: 'Найти контракты',
    estimate: 'Оценить стоимость',
    estimateHint: 'Оценка стоит не больше 1 единицы.',
    estimateResult: (total, upTo, held) =>
      `Контрактов в наборе: ${total}. Прочитать их все будет стоить не больше ${upTo} ед. — это верхняя граница: не больше 1 ед. за контракт, а версии, уже полученные этим аккаунтом, бесплатны (в кэше уже есть: ${held}).`,
    estimateUnknown: 'Сервер ещё собирает набор: итог пока неизвестен, оцените снова через минуту.',
    estimateCharged: (n) => `Оценка списала: ${n} ед.`,
    difference:
      'Поставщик вместе с заказчиком или списком — это фильтр по уже полученным контрактам этого набора (оплачиваются все контракты набора); поставщик отдельно — это подписка на его контракты со всеми заказчиками (оплачиваются только они).',
    shownAll: (n) => `Все контракты в кэше: ${n}`,
    shown: (n) => `Найдено в кэше: ${n}`,
    postFilter: 'с фильтром по поставщику',
    reestr: 'Реестровый №',
    customer: 'Заказчик',
    suppliers: 'Поставщик',
    price: 'Цена контракта',
    signed: 'Заключён',
    tender: 'Закупка',
    empty: 'Контрактов нет',
    hint: (k) => `Двойной щелчок, Enter или ${k('row.open')} — карточка контракта; ${k('row.next')}/${k('row.previous')} — следующая/предыдущая строка, ${k('row.mark')} — отметить закупку контракта, ${k('palette.open')} — все команды.`,
    openByNumber: 'Открыть контракт по реестровому номеру',
    openNumber: 'Реестровый номер',
    open: 'Открыть',
    customerInnRequired: 'Введите ИНН заказчика.',
    customerInnInvalid: 'ИНН не прошёл проверку контрольной суммы (10 или 12 цифр).',
    supplierRequired: 'Введите ИНН или название поставщика.',
    supplierInnInvalid: 'ИНН поставщика не прошёл проверку контрольной суммы.',
    supplierNameShort: 'Название — не короче 2 символов.',
    listRequired: 'Выберите список.',
  },
  en: {
    title: 'Contracts',
    byCustomer: 'By customer INN',
    bySupplier: 'By supplier',
    byList: 'By tender list',
    customerInn: 'Customer INN',
    supplierInn: 'Supplier INN',
    supplierName: 'Supplier name (part)',
    narrow: 'Narrow by supplier (optional)',
    list: 'List',
    chooseList: '— choose a list —',
    maxSpend: 'Spend at most, units',
    maxSpendHint: 'empty — no cap',
    find: 'Find contracts',
    estimate: 'Estimate the cost',
    estimateHint: 'An estimate costs at most 1 unit.',
    estimateResult: (total, upTo, held) =>
      `Contracts in the set: ${total}. Reading them all costs at most ${upTo} units — an upper bound: at most 1 unit per contract, and versions this account already received are free (already cached: ${held}).`,
    estimateUnknown: 'The server is still collecting the set: its total is not known yet, estimate again in a minute.',
    estimateCharged: (n) => `The estimate charged: ${n} units.`,
    difference:
      "A supplier together with a customer or a list filters the contracts of that set once fetched (the whole set is charged); a supplier alone subscribes to that supplier's contracts with every customer (only those are charged).",
    shownAll: (n) => `All cached contracts: ${n}`,
    shown: (n) => `Found in the cache: ${n}`,
    postFilter: 'filtered by supplier',
    reestr: 'Registry no.',
    customer: 'Customer',
    suppliers: 'Supplier',
    price: 'Contract price',
    signed: 'Signed',
    tender: 'Tender',
    empty: 'No contracts',
    hint: (k) => `Double-click, Enter or ${k('row.open')} opens the contract card; ${k('row.next')}/${k('row.previous')} next/previous row, ${k('row.mark')} marks the contract’s tender, ${k('palette.open')} lists every command.`,
    openByNumber: 'Open a contract by registry number',
    openNumber: 'Registry number',
    open: 'Open',
    customerInnRequired: 'Enter the customer INN.',
    customerInnInvalid: 'The INN fails its checksum (10 or 12 digits).',
    supplierRequired: 'Enter a supplier INN or name.',
    supplierInnInvalid: 'The supplier INN fails its checksum.',
    supplierNameShort: 'A name needs at least 2 characters.',
    listRequired: 'Choose a list.',
  },
};

const EMPTY_FORM: ContractForm = { mode: 'customer', customerInn: '', supplierInn: '', supplierName: '', listId: '' };

export function ContractsView() {
  const s = useStrings(strings);
  const locale = useLocale();
  const navigate = useAppStore((st) => st.navigate);
  const [form, setForm] = useState<ContractForm>(EMPTY_FORM);
  const [maxSpend, setMaxSpend] = useState('');
  const [problems, setProblems] = useState<Partial<Record<keyof ContractForm, { problem: FormProblem; text?: { ru: string; en: string } }>>>({});
  const [filter, setFilter] = useState<{ rows: RowsFilter; postFilter: boolean; searched: boolean }>({ rows: {}, postFilter: false, searched: false });
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [estimate, setEstimate] = useState<{ key: string; value: MethodResult<'contracts.preview'> } | null>(null);
  const [estimating, setEstimating] = useState(false);
  const spend = useSpendConfirm();
  const job = useAppStore((st) => (jobId ? st.jobs[jobId] : undefined));
  const { lists, paged } = useContractsData(filter.rows, jobId);
  const { refresh } = paged;
  const openContract = (r: ContractRow) => navigate({ view: 'card', kind: 'contract', id: r.id, back: { view: 'contracts' } });
  // The command registry's row shortcuts J/K and O, as in the tenders' tables; M marks the active contract's
  // tender (marks are a tender's; a contract is not added to a list).
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const activeRow = activeIndex === null ? undefined : paged.rowAt(activeIndex);
  const { table } = useRowCommands({ rowCount: paged.count, activeRow, activeIndex, selection: NO_SELECTION, setSelection: () => undefined, open: openContract, addToList: false, mark: false });
  const tenderOfActive = activeRow?.tenderId ?? null;
  const [markRequest, setMarkRequest] = useState(0);
  useProvideAction('row.mark', () => setMarkRequest((n) => n + 1), tenderOfActive !== null);

  const set = (patch: Partial<ContractForm>) => setForm((f) => ({ ...f, ...patch }));
  const built = useMemo(() => buildContractQuery(form), [form]);
  const setKey = built.ok ? JSON.stringify(built.set) : null;

  /** The set's total for at most one unit, before anything is read (shown only while the form names that set). */
  async function estimateCost() {
    setError(null);
    if (!built.ok) {
      setProblems(Object.fromEntries(built.problems.map((p) => [p.field, { problem: p.problem, ...(p.text ? { text: p.text } : {}) }])));
      return;
    }
    setProblems({});
    setEstimating(true);
    try {
      setEstimate({ key: JSON.stringify(built.set), value: await call('contracts.preview', { set: built.set }) });
      // The estimate's own first contract is now in the cache: the count below says so.
      refresh();
    } catch (e) {
      setError(e);
    } finally {
      setEstimating(false);
    }
  }
  const shownEstimate = estimate !== null && estimate.key === setKey ? estimate.value : null;

  async function find() {
    setError(null);
    const built = buildContractQuery(form);
    if (!built.ok) {
      setProblems(Object.fromEntries(built.problems.map((p) => [p.field, { problem: p.problem, ...(p.text ? { text: p.text } : {}) }])));
      return;
    }
    setProblems({});
    setFilter({ rows: built.rows, postFilter: built.postFilter, searched: true });
    try {
      const cap = parseUnitsInput(maxSpend);
      const capArg = typeof cap === 'number' ? { maxSpend: cap } : {};
      // The cost first: above the threshold the query starts only with consent to it (the core checks again).
      const preview = await call('contracts.preview', { set: built.set, ...capArg });
      setEstimate({ key: JSON.stringify(built.set), value: preview });
      let confirmCost: number | undefined;
      if (preview.spend.needsConfirm) {
        const consent = await spend.ask(preview.spend, { kind: 'contracts' });
        if (consent === null) return;
        confirmCost = consent;
      }
      const answer = await call('contracts.query', { set: built.set, ...capArg, ...(confirmCost !== undefined ? { confirmCost } : {}) });
      setJobId(answer.jobId);
    } catch (e) {
      setError(e);
    }
  }

  const columns = useMemo<Column<ContractRow>[]>(
    () => [
      { key: 'reestr', title: s.reestr, width: 190, render: (r) => <span title={`ID ${r.id}`}>{r.reestrNumber ?? '—'}</span> },
      {
        key: 'customer',
        title: s.customer,
        width: 'minmax(180px, 2fr)',
        render: (r) => (
          <span title={[r.customerName, r.customerInn].filter(Boolean).join(', ')}>
            <InnLink inn={r.customerInn} kind="customer" testId="contracts-customer-link" compact /> {r.customerName ?? r.customerInn ?? '—'}
          </span>
        ),
      },
      {
        key: 'suppliers',
        title: s.suppliers,
        width: 'minmax(180px, 2fr)',
        render: (r) => {
          const text = r.suppliers.map((x) => [x.name, x.inn && `ИНН ${x.inn}`].filter(Boolean).join(', ')).join('; ');
          return (
            <span title={text}>
              <PartyChips parties={r.suppliers} kind="supplier" testId="contracts-supplier-link" separator="; " />
            </span>
          );
        },
      },
      { key: 'price', title: s.price, width: 150, align: 'right', render: (r) => formatRub(r.price, locale) },
      { key: 'signDate', title: s.signed, width: 100, render: (r) => formatDate(r.signDate, locale) },
      { key: 'tender', title: s.tender, width: 80, align: 'right', render: (r) => (r.tenderId === null ? '—' : String(r.tenderId)) },
    ],
    [s, locale],
  );

  // The domain's own words when it gave any (length or check digit named apart), else the view's.
  const problem = (field: keyof ContractForm) => {
    const p = problems[field];
    return p ? (p.text?.[locale] ?? s[p.problem]) : undefined;
  };
  const modes: [ContractMode, string][] = [
    ['customer', s.byCustomer],
    ['supplier', s.bySupplier],
    ['list', s.byList],
  ];
  const supplierFields = (
    <>
      <TextField id="contracts-supplier-inn" label={s.supplierInn} value={form.supplierInn} onChange={(v) => set({ supplierInn: v })} error={problem('supplierInn')} inputMode="numeric" />
      <TextField id="contracts-supplier-name" label={s.supplierName} value={form.supplierName} onChange={(v) => set({ supplierName: v })} error={problem('supplierName')} />
    </>
  );

  return (
    <section className="view contracts" data-testid="view-contracts">
      {spend.dialog}
      <h1>{s.title}</h1>
      <form
        className="contracts__form"
        onSubmit={(e) => {
          e.preventDefault();
          void find();
        }}
        noValidate
      >
        <div className="contracts__modes" role="radiogroup" aria-label={s.title}>
          {modes.map(([m, label]) => (
            <label key={m} className={`contracts__mode${form.mode === m ? ' contracts__mode--active' : ''}`}>
              <input type="radio" name="contracts-mode" value={m} checked={form.mode === m} onChange={() => set({ mode: m })} data-testid={`contracts-mode-${m}`} /> {label}
            </label>
          ))}
        </div>
        <div className="contracts__fields">
          {form.mode === 'customer' && (
            <TextField id="contracts-customer-inn" label={s.customerInn} value={form.customerInn} onChange={(v) => set({ customerInn: v })} error={problem('customerInn')} inputMode="numeric" />
          )}
          {form.mode === 'list' && (
            <div className="field">
              <label className="field__label" htmlFor="contracts-list">
                {s.list}
              </label>
              <select id="contracts-list" value={form.listId} onChange={(e) => set({ listId: e.target.value })} data-testid="contracts-list">
                <option value="">{s.chooseList}</option>
                {(lists.data ?? []).map((l) => (
                  <option key={l.listId} value={l.listId}>
                    {l.name} ({formatInt(l.itemsCount, locale)})
                  </option>
                ))}
              </select>
              {problem('listId') && (
                <div className="field__error" data-testid="contracts-list-error">
                  {problem('listId')}
                </div>
              )}
            </div>
          )}
          {form.mode === 'supplier' ? (
            supplierFields
          ) : (
            <details className="contracts__narrow">
              <summary>{s.narrow}</summary>
              {supplierFields}
            </details>
          )}
          <TextField id="contracts-max-spend" label={s.maxSpend} value={maxSpend} onChange={setMaxSpend} hint={s.maxSpendHint} inputMode="numeric" amount />
        </div>
        <p className="contracts__difference muted" data-testid="contracts-difference">
          {s.difference}
        </p>
        <div className="contracts__actions">
          <button type="submit" className="btn--primary" disabled={jobId !== null && isJobActive(job)} data-testid="contracts-find">
            {s.find}
          </button>
          <button type="button" onClick={() => void estimateCost()} disabled={estimating} data-testid="contracts-estimate">
            {s.estimate}
          </button>
          <span className="muted">{s.estimateHint}</span>
          {jobId && <JobProgress jobId={jobId} testId="contracts-job" />}
        </div>
        {shownEstimate && (
          <div className="search__preview" role="status" data-testid="contracts-estimate-result" data-total={shownEstimate.total ?? ''} data-held={shownEstimate.held}>
            {shownEstimate.total === null
              ? s.estimateUnknown
              : s.estimateResult(formatInt(shownEstimate.total, locale), formatInt(shownEstimate.costUpTo ?? shownEstimate.total, locale), formatInt(shownEstimate.held, locale))}{' '}
            <span className="muted">{s.estimateCharged(formatInt(shownEstimate.charged, locale))}</span>
          </div>
        )}
      </form>
      <ErrorNotice error={error ?? paged.error} testId="contracts-error" />
      <div className="contracts__count" data-testid="contracts-count" data-count={paged.count}>
        {filter.searched ? s.shown(formatInt(paged.count, locale)) : s.shownAll(formatInt(paged.count, locale))}
        {filter.postFilter && <span> · {s.postFilter}</span>}{' '}
        <MarksButton ids={tenderOfActive === null ? [] : [tenderOfActive]} ofContract openRequest={markRequest} testId="contracts-marks" />
      </div>
      <VirtualTable<ContractRow>
        testId="contracts-table"
        columns={columns}
        rowCount={paged.count}
        rowAt={paged.rowAt}
        onRange={paged.onRange}
        rowKey={(r) => r.id}
        onOpen={openContract}
        onActiveChange={setActiveIndex}
        handle={table}
        emptyText={s.empty}
        height={420}
      />
      <div className="muted">{s.hint(keysOf)}</div>
      <OpenByNumber label={s.openByNumber} inputLabel={s.openNumber} button={s.open} />
    </section>
  );
}

/** A text field; `amount`: an amount, grouped by threes as it is typed (components/amountInput.ts). */
function TextField(props: { id: string; label: string; value: string; onChange(v: string): void; error?: string; hint?: string; inputMode?: 'numeric'; amount?: boolean }) {
  const { id, label, value, onChange, error, hint, inputMode, amount } = props;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input id={id} value={value} onChange={(e) => onChange(amount ? typedAmount(e.currentTarget) : e.target.value)} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={error ? fieldErrorId(id) : undefined} data-testid={id} />
    </Field>
  );
}

/** A registry number straight to its card (from the cache when held, else fetched: charged once at most). */
function OpenByNumber({ label, inputLabel, button }: { label: string; inputLabel: string; button: string }) {
  const navigate = useAppStore((st) => st.navigate);
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function open() {
    const number = value.trim();
    if (number === '') return;
    setBusy(true);
    setError(null);
    try {
      const card = await call('card.contract', { id: number, idType: 'reestr' });
      const id = card.card.id;
      if (typeof id === 'number') navigate({ view: 'card', kind: 'contract', id, back: { view: 'contracts' } });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="contracts__open"
      onSubmit={(e) => {
        e.preventDefault();
        void open();
      }}
    >
      <h2>{label}</h2>
      <input aria-label={inputLabel} placeholder={inputLabel} value={value} onChange={(e) => setValue(e.target.value)} data-testid="contracts-open-number" />
      <button type="submit" disabled={busy} data-testid="contracts-open">
        {button}
      </button>
      <ErrorNotice error={error} testId="contracts-open-error" />
    </form>
  );
}
