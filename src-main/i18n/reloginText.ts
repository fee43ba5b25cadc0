/**
 * What to do when the service no longer accepts a profile's token (401: the server forgot the account after a
 * restart, the token was revoked, a login session expired). «Проверьте токен» left the analyst with no
 * way out; the sentence now names the step, in the CLI the exact command and in the app the place to go.
 */
import type { Text } from './text';

export type ReloginProfile = {
  name: string;
  generation: 'current' | 'earlier';
  baseUrl: string;
  /** An earlier-generation profile logs in at the current generation's address (its own has no login route). */
  loginUrl?: string | null;
  /** The token came from TENDERWB_TOKEN (the CLI): a login into the keychain would not be used while it is set. */
  tokenFromEnv?: boolean;
};

const WHY: Text = {
  ru: 'возможно, сервер забыл аккаунт после перезапуска, токен отозван или истёк срок сессии входа',
  en: 'the server may have forgotten the account after a restart, the token may have been revoked or the login session expired',
};

/** `tenderwb --profile NAME login …` for the profile, as it would be typed again. */
export function loginCommand(p: ReloginProfile): string {
  const profile = `tenderwb --profile ${p.name} login`;
  return p.generation === 'earlier'
    ? `${profile} --generation earlier --base-url ${p.baseUrl} --login-url ${p.loginUrl ?? 'URL'}`
    : `${profile} --base-url ${p.baseUrl}`;
}

/** The CLI's sentence: the exact command to log in again (it asks for the login and the password). */
export function cliReloginText(p: ReloginProfile): Text {
  const command = loginCommand(p);
  const earlierUrl =
    p.generation === 'earlier' && !p.loginUrl
      ? { ru: ', где URL — адрес API текущего поколения того же аккаунта (…/api/v2)', en: ', where URL is the address of the same account’s current-generation API (…/api/v2)' }
      : { ru: '', en: '' };
  if (p.tokenFromEnv) {
    return {
      ru: `Сервис не принимает токен из переменной TENDERWB_TOKEN (${WHY.ru}): задайте в ней действующий токен или уберите переменную и войдите снова командой «${command}»${earlierUrl.ru}.`,
      en: `The service does not accept the token in TENDERWB_TOKEN (${WHY.en}): put a valid token there, or unset it and log in again with “${command}”${earlierUrl.en}.`,
    };
  }
  return {
    ru: `Сервис не принимает токен профиля «${p.name}» (${WHY.ru}): войдите снова командой «${command}»${earlierUrl.ru} — она спросит логин и пароль и сохранит новый токен.`,
    en: `The service does not accept the token of profile “${p.name}” (${WHY.en}): log in again with “${command}”${earlierUrl.en}; it asks for the login and password and stores the new token.`,
  };
}

/** The app's sentence: where in the app a new token is given to the profile. */
export function appReloginText(p: Pick<ReloginProfile, 'name'>): Text {
  return {
    ru: `Сервис не принимает токен профиля «${p.name}» (${WHY.ru}): войдите снова — откройте «Настройки» → «Профили», у профиля «${p.name}» нажмите «Заменить токен» и вставьте новый токен из личного кабинета сервиса (или выданный командой tenderwb login).`,
    en: `The service does not accept the token of profile “${p.name}” (${WHY.en}): log in again — open Settings → Profiles, press “Replace token” at profile “${p.name}” and paste a new token from your account on the service (or one issued by tenderwb login).`,
  };
}

/** A refusal of the token itself: 401 `unauthorized` or `invalid_session` (any 401 of the earlier generation). */
export const isTokenRefusal = (e: { code: string; status: number | null }): boolean =>
  e.code === 'unauthorized' || e.code === 'invalid_session' || e.status === 401;
