/**
 * The «Разбор» section of the settings: whether a teammate's marks train the analyst's own model. Off
 * by default. The intro and the hint say the same about what travels: the model and the scores stay on this
 * computer; statuses and «Интересно / Неинтересно» labels go through the team database, only when one is set up
 * (the intro once said nothing is sent while the hint said labels travel). The switch only decides whether the
 * teammates' count as lessons here, so its hint says it has effect only with a team database.
 */
import { call } from '../../bridge/client';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useStrings, type Strings } from '../../i18n/i18n';
import { useAppStore } from '../../state/store';
import { useLoad } from '../../state/useLoad';
import { SettingsSection } from './SettingsSection';

const strings: Strings<{ title: string; intro: string; teammates: string; hint: string }> = {
  ru: {
    title: 'Разбор',
    intro: 'Модель «Разбора» учится на ваших статусах и отметках «Интересно / Неинтересно»; сама модель и её оценки остаются на этом компьютере, запросы не тратятся. Статусы и отметки уходят коллегам, только если настроена командная база (раздел «База команды»).',
    teammates: 'Учитывать статусы и отметки коллег из командной базы',
    hint: 'Действует только с командной базой: через неё статусы закупок и отметки «Интересно / Неинтересно» передаются, как все отметки, — ваши видят коллеги, их — вы. Включив, вы разрешаете решениям коллег обучать вашу модель наравне с вашими. Без командной базы (и в песочнице) учитывать нечего.',
  },
  en: {
    title: 'Triage',
    intro: 'The triage model learns from your statuses and «Interesting / Not interesting» labels; the model and its scores stay on this computer, nothing is spent. Statuses and labels reach your teammates only when a team database is set up («Team database» section).',
    teammates: 'Learn from teammates’ statuses and labels in the team database',
    hint: 'Has effect only with a team database: statuses and «Interesting / Not interesting» labels travel through it as every mark does — your teammates see yours, you see theirs. Turned on, their decisions train your model as yours do. Without a team database (and in the sandbox) there is nothing to learn from.',
  },
};

export function TriageSection() {
  const s = useStrings(strings);
  const epoch = useAppStore((st) => st.epoch);
  const loaded = useLoad(() => call('triage.settings', {}), `triage-settings-${epoch}`);
  return (
    <SettingsSection id="triage" title={s.title} intro={s.intro}>
      {loaded.data && (
        <label className="field">
          <span>
            <input
              type="checkbox"
              checked={loaded.data.teammates}
              data-testid="triage-teammates"
              onChange={(e) => {
                // Shown at once (the box follows the click); the core's answer confirms it, a refusal puts it back.
                const before = loaded.data!;
                loaded.set({ teammates: e.target.checked });
                call('triage.setSettings', { teammates: e.target.checked }).then(loaded.set, (err: unknown) => {
                  loaded.set(before);
                  loaded.fail(err);
                });
              }}
            />{' '}
            {s.teammates}
          </span>
          <span className="field__hint">{s.hint}</span>
        </label>
      )}
      <ErrorNotice error={loaded.error} />
    </SettingsSection>
  );
}
