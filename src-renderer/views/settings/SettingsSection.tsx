/** One section of the settings view: its heading (which labels it for assistive technology) and its intro line. */
import type { ReactNode } from 'react';

export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section className="settings__section" aria-labelledby={`settings-${id}`} data-testid={`settings-${id}`}>
      <h2 id={`settings-${id}`}>{title}</h2>
      <p className="muted">{intro}</p>
      {children}
    </section>
  );
}
