/** Placeholder: this view is being built. */
export function SettingsView() {
  return <section className="view" data-testid="view-settings" />;
}
