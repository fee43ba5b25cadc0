/** Placeholder: this view is being built. */
export function LedgerView() {
  return <section className="view" data-testid="view-ledger" />;
}
