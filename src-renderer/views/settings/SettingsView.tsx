/**
 * Settings: the language, profiles (the built-in sandbox and live API accounts; a token goes into the OS
 * keychain and is never shown again), the account's API tokens (a new secret is shown once), spending limits,
 * notifications, the team database and the cache. One file per section; each section's data comes from its hook
 * in useSettingsData.ts or, for the newer sections, its own load.
 */
import { useStrings } from '../../i18n/i18n';
import { strings } from './settingsStrings';
import { LanguageSection } from './LanguageSection';
import { ProfilesSection } from './ProfilesSection';
import { TokensSection } from './TokensSection';
import { MoneySection } from './MoneySection';
import { NotificationsSection } from './NotificationsSection';
import { CacheSection } from './CacheSection';
import { DocumentsSection } from './DocumentsSection';
import { TeamSection } from './TeamSection';
import { TriageSection } from './TriageSection';

export function SettingsView() {
  const s = useStrings(strings);
  return (
    <section className="view settings" data-testid="view-settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{s.title}</h1>
      <LanguageSection s={s} />
      <ProfilesSection s={s} />
      <TokensSection s={s} />
      <MoneySection />
      <NotificationsSection />
      <TeamSection />
      <DocumentsSection />
      <TriageSection />
      <CacheSection s={s} />
    </section>
  );
}
