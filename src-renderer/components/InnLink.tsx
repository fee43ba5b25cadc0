/**
 * An INN (of a customer or a supplier) as a link to its dossier (issue 15): wherever a card, a list row or a
 * contract names an organisation, one click opens what the cache knows about it, and «Назад» returns here.
 */
import type { ReactNode } from 'react';
import { useStrings, type Strings } from '../i18n/i18n';
import { useAppStore } from '../state/store';

const strings: Strings<{ open: (inn: string) => string }> = {
  ru: { open: (inn) => `Досье по ИНН ${inn}` },
  en: { open: (inn) => `Dossier of INN ${inn}` },
};

export function InnLink({ inn, kind, children, testId }: { inn: string | null; kind: 'customer' | 'supplier'; children?: ReactNode; testId?: string }) {
  const s = useStrings(strings);
  const route = useAppStore((st) => st.route);
  const navigate = useAppStore((st) => st.navigate);
  if (inn === null || inn === '') return <>{children ?? '—'}</>;
  return (
    <button
      type="button"
      className="linkish"
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
      {children ?? inn}
    </button>
  );
}
