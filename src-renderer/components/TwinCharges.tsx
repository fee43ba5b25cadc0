/**
 * One account, two API generations: the shared balance also moves by what the same account spends
 * through the other generation, which this profile's own ledger cannot show. This note names that profile and
 * its charges (as its cache mirrors them), so every movement of the balance has an explanation.
 */
import { balanceName, count, useStrings, type Noun, type Strings, useLocale } from '../i18n/i18n';
import { formatInt } from '../format/format';
import { useTwinCharges } from './useTwinCharges';

const strings: Strings<{ intro: (profile: string, earlier: boolean) => string; line: (balance: string, movements: string, units: string) => string; none: string; note: string }> = {
  ru: {
    intro: (profile, earlier) => `Тот же аккаунт тратит и через ${earlier ? 'прежнее' : 'текущее'} поколение API (профиль «${profile}») — эти списания уменьшают тот же баланс:`,
    line: (balance, movements, units) => `${balance}: ${movements}, ${units} ед.`,
    none: 'списаний там пока нет.',
    note: 'По данным кэша того профиля на момент его последнего обновления; подробности — в его разделе баланса.',
  },
  en: {
    intro: (profile, earlier) => `The same account also spends through the ${earlier ? 'earlier' : 'current'} API generation (profile "${profile}") — those charges reduce the same balance:`,
    line: (balance, movements, units) => `${balance}: ${movements}, ${units} units`,
    none: 'no charges there yet.',
    note: "From that profile's cache as of its last refresh; the details are in its balance view.",
  },
};

const CHARGE: Noun = { ru: { one: 'списание', few: 'списания', many: 'списаний', other: 'списания' }, en: { one: 'charge', other: 'charges' } };

export function TwinCharges() {
  const s = useStrings(strings);
  const locale = useLocale();
  const twin = useTwinCharges();
  const t = twin.data;
  if (!t || t.profile === null) return null;
  return (
    <div className="notice notice--info" data-testid="balance-twin" data-profile={t.profile} data-units={t.charges.reduce((n, c) => n + c.units, 0)}>
      {s.intro(t.profile, t.generation === 'earlier')}{' '}
      {t.charges.length === 0
        ? s.none
        : t.charges.map((c) => s.line(balanceName(c.balanceType, locale), count(c.movements, CHARGE, locale), formatInt(c.units, locale))).join('; ')}
      <div className="muted">{s.note}</div>
    </div>
  );
}
