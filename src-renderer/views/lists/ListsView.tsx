/** Placeholder: this view is being built. */
export function ListsView() {
  return <section className="view" data-testid="view-lists" />;
}
