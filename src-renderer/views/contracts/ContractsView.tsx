/** Placeholder: this view is being built. */
export function ContractsView() {
  return <section className="view" data-testid="view-contracts" />;
}
