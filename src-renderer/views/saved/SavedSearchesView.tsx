/** Placeholder: this view is being built. */
export function SavedSearchesView() {
  return <section className="view" data-testid="view-saved" />;
}
