/**
 * The «Разбор» section of the settings: whether a teammate's marks train the analyst's own model. Off
 * by default. The words say what travels and what does not: statuses and «Интересно / Неинтересно» labels go
 * through the team database as every mark does; the switch only decides whether the teammates' count as lessons
 * here. The model and the scores stay on this computer.
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
    intro: 'Модель «Разбора» учится на ваших статусах и отметках «Интересно / Неинтересно» прямо на этом компьютере: ничего не отправляется, запросы не тратятся.',
    teammates: 'Учитывать статусы и отметки коллег из командной базы',
    hint: 'Статусы закупок и отметки «Интересно / Неинтересно» и так передаются через командную базу, как все отметки: ваши видят коллеги, их — вы. Включив, вы разрешаете решениям коллег обучать вашу модель наравне с вашими. Сама модель и оценки остаются на этом компьютере.',
  },
  en: {
    title: 'Triage',
    intro: 'The triage model learns from your statuses and «Interesting / Not interesting» labels on this computer: nothing is sent, nothing is spent.',
    teammates: 'Learn from teammates’ statuses and labels in the team database',
    hint: 'Statuses and «Interesting / Not interesting» labels already travel through the team database as every mark does: your teammates see yours, you see theirs. Turned on, their decisions train your model as yours do. The model and its scores stay on this computer.',
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
