/**
 * What changed in a tender's documentation between the two versions the card's history compares,
 * beside the field diff: added, removed and changed files, and for a changed text its word diff (unchanged runs
 * cut to a few words by the core). Read from the cache (free, offline); a document not downloaded is said so.
 */
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { displayText } from '../../../src-main/domain/displayText';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { useLocale, useStrings, type Strings } from '../../i18n/i18n';
import { documentChangeName, finishedDocumentJobs, shownChanges } from './documentsLogic';

const strings: Strings<{ title: string; same: string }> = {
  ru: { title: 'Документация', same: 'Документация не изменилась.' },
  en: { title: 'Documentation', same: 'The documentation did not change.' },
};

export function DocumentsDiff({ tenderId, from, to }: { tenderId: number; from: number; to: number }) {
  const s = useStrings(strings);
  const locale = useLocale();
  // Read again when a download of documents ends: a version's files just downloaded can now be compared.
  const downloads = useAppStore((st) => finishedDocumentJobs(Object.values(st.jobs)));
  const diff = useLoad(() => call('documents.diff', { tenderId, from, to }), `docs-diff-${tenderId}-${from}-${to}-${locale}-${downloads}`);
  const changes = diff.data ? shownChanges(diff.data.documents) : [];
  return (
    <div className="docs__diff" data-testid="card-documents-diff" data-from={from} data-to={to}>
      <h3>{s.title}</h3>
      <ErrorNotice error={diff.error} testId="card-documents-diff-error" />
      {diff.data && changes.length === 0 && <p data-testid="card-documents-diff-empty">{s.same}</p>}
      {changes.length > 0 && (
        <>
          <p className="docs__diff-summary" data-testid="card-documents-diff-summary">
            {diff.data!.summary}
          </p>
          <ul>
            {changes.map((d, i) => (
              <li key={`${d.name}-${d.extension}-${i}`} className={`diff diff--${d.change}`} data-testid="card-documents-diff-entry" data-change={d.change}>
                <span className="diff__label">
                  {displayText(d.name)}
                  {d.extension && <span className="card__ext">{displayText(d.extension)}</span>}
                </span>{' '}
                <span className="badge">{documentChangeName(d.change, locale)}</span>
                {d.parts.length > 0 ? (
                  <p className="docs__words" data-testid="card-documents-diff-words">
                    {d.parts.map((p, j) => {
                      // Paragraph breaks of the extracted text kept as one line break each (empty lines say nothing here).
                      const text = p.text.replace(/\n\s*\n+/g, '\n');
                      return p.kind === 'added' ? <ins key={j}>{text}</ins> : p.kind === 'removed' ? <del key={j}>{text}</del> : <span key={j}>{text}</span>;
                    })}
                  </p>
                ) : d.change === 'added' || d.change === 'removed' ? null : (
                  // Why no words are compared (not downloaded, a scan): the core's line says it.
                  <p className="muted">{d.summary}</p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
