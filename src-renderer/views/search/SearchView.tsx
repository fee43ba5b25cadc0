/** Placeholder: this view is being built. */
export function SearchView() {
  return <section className="view" data-testid="view-search" />;
}
