/**
 * An INN (of a customer or a supplier) as a link to its dossier: wherever a card, a list row or a
 * contract names an organisation, one click opens what the cache knows about it, and «Назад» returns here.
 * In a table whose rows open on a double click, the link is a small «досье» chip before the name (`compact`), so a
 * double click on the row's text still opens the row.
 */
import type { ReactNode } from 'react';
import { useStrings, type Strings } from '../i18n/i18n';
import { useAppStore } from '../state/store';

const strings: Strings<{ open: (inn: string) => string; chip: string }> = {
  ru: { open: (inn) => `Досье по ИНН ${inn}`, chip: 'досье' },
  en: { open: (inn) => `Dossier of INN ${inn}`, chip: 'dossier' },
};

export function InnLink({ inn, kind, children, testId, compact }: { inn: string | null; kind: 'customer' | 'supplier'; children?: ReactNode; testId?: string; compact?: boolean }) {
  const s = useStrings(strings);
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  if (inn === null || inn === '') return compact ? null : <>{children ?? '—'}</>;
  return (
    <button
      type="button"
      className={compact ? 'innChip' : 'linkish'}
      title={s.open(inn)}
      data-testid={testId ?? `inn-link-${kind}`}
      data-inn={inn}
      onClick={(e) => {
        // Inside a table row a double click opens the row: a click on the link is the link's alone.
        e.stopPropagation();
        navigate({ view: 'insights', at: { page: 'dossier', kind, inn }, back: route });
      }}
      onDoubleClick={(e) => e.stopPropagation()}
    >
      {compact ? s.chip : (children ?? inn)}
    </button>
  );
}

/** Several organisations of a row (a contract's suppliers), each name after its «досье» chip. */
export function PartyChips({ parties, kind, testId, separator = ', ' }: { parties: { inn: string | null; name: string | null }[]; kind: 'customer' | 'supplier'; testId: string; separator?: string }) {
  if (parties.length === 0) return <>—</>;
  return (
    <>
      {parties.map((x, i) => (
        <span key={x.inn ?? i}>
          {i > 0 && separator}
          <InnLink inn={x.inn} kind={kind} testId={testId} compact /> {x.name ?? x.inn}
        </span>
      ))}
    </>
  );
}
