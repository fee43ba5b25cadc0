/**
 * The built-in profiles' names, apart from the sandbox they talk to (sandboxProfile.ts, which imports the API
 * client): `tenderwb profile list` and `profile add` need the names only, and must not load the client's
 * schemas to know them (a light command loads no heavy module).
 */
export const SANDBOX_PROFILE = 'sandbox';
export const SANDBOX_EARLIER_PROFILE = 'sandbox-earlier';
/** The built-in profiles' names: they cannot be added, changed or removed by the user. */
export const isBuiltInName = (name: string): boolean => [SANDBOX_PROFILE, SANDBOX_EARLIER_PROFILE].includes(name.toLowerCase());
/** Why a new profile cannot take a built-in's name: the app's profiles.add and the CLI's profile add and login say it alike. */
export const builtInNameTaken = (name: string): { ru: string; en: string } => ({
  ru: `Имя «${name}» занято встроенным профилем: выберите другое.`,
  en: `The name "${name}" belongs to a built-in profile: choose another.`,
});
