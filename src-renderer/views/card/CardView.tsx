/** Placeholder: this view is being built. */
export function CardView(_props: { kind: "tender" | "contract"; id: number }) {
  return <section className="view" data-testid="view-card" />;
}
