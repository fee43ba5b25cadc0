/**
 * `tenderwb profile add|list|use|remove`: profiles and their tokens (the token goes to the keychain only). The
 * default profile of commands without --profile is the one `profile use` chose, else the first one added
 * (CliContext.profile); `profile list` marks it.
 */
import { parseCommandArgs } from '../args';
import { CliError } from '../output';
import type { CliContext } from '../context';
import { usageError } from '../help';
import { builtInNameTaken, isBuiltInName } from '../../workspace/builtInProfiles';
import { readSettings, SettingsFile } from '../../workspace/settings';
import { baseUrlWarnings, normalizeBaseUrl, profileNameProblemText, type ApiGeneration, type Profile } from '../../profiles/profiles';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/**
 * A name that cannot be a profile's, refused (exit 2) saying why, before anything is asked, sent or written: an
 * invalid one, or a built-in profile's (`profile add sandbox` made a second «sandbox» beside the app's;
 * the app refuses it in the same words).
 */
export function checkProfileName(name: string, given: 'profile' | 'login' = 'profile'): void {
  if (given === 'profile' && isBuiltInName(name)) throw new CliError(builtInNameTaken(name), 2);
  const problem = profileNameProblemText(name) ?? (isBuiltInName(name) ? { ru: 'это имя встроенного профиля', en: 'it is the name of a built-in profile' } : null);
  if (problem === null) return;
  const shown = JSON.stringify(name.slice(0, 80));
  throw new CliError(
    given === 'login'
      ? { ru: `логин ${shown} не может быть именем профиля (${problem.ru}): выберите имя через --profile ИМЯ`, en: `the login ${shown} cannot be a profile name (${problem.en}): choose one with --profile NAME` }
      : { ru: `недопустимое имя профиля ${shown}: ${problem.ru}`, en: `invalid profile name ${shown}: ${problem.en}` },
    2,
  );
}

/** Warnings about a valid address that is probably not what was meant, on stderr in the run's language. */
export function warnAboutBaseUrl(ctx: CliContext, profile: Profile): void {
  for (const w of baseUrlWarnings(profile.baseUrl, profile.generation)) ctx.out.info(ctx.tr(`предупреждение: ${w.ru}`, `warning: ${w.en}`));
}

const generationWords = (ctx: CliContext, g: ApiGeneration): string => (g === 'earlier' ? ctx.tr('раннее поколение', 'earlier generation') : ctx.tr('текущее поколение', 'current generation'));

/** Where the profile's token comes from, in words (the --json `token` field keeps the code). */
const tokenWords = (ctx: CliContext, source: string | null): string =>
  source === null ? ctx.tr('нет', 'none') : source === 'keychain' ? ctx.tr('хранилище паролей', 'keychain') : source === 'env' ? 'TENDERWB_TOKEN' : source;

export async function profileCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    parseCommandArgs(rest, {});
    const profiles = await ctx.registry.list();
    const defaultName = profiles.length ? (await ctx.defaultProfile(profiles)).name : null;
    for (const p of profiles) {
      const token = await ctx.vault.source(p.name).catch(() => null);
      const isDefault = p.name === defaultName;
      ctx.out.result(
        { name: p.name, base_url: p.baseUrl, generation: p.generation, created_at: p.createdAt, token: token ?? 'none', default: isDefault },
        `${isDefault ? '*' : ' '} ${p.name}\t${p.baseUrl}\t${generationWords(ctx, p.generation)}\t${ctx.tr('токен', 'token')}: ${tokenWords(ctx, token)}`,
      );
    }
    // The app's built-in sandbox profiles: listed when this data root holds their cache (offline commands read it).
    const builtIn = ctx.builtInProfiles().filter((b) => !profiles.some((p) => p.name.toLowerCase() === b.name));
    for (const b of builtIn) {
      ctx.out.result(
        { name: b.name, base_url: null, generation: b.generation, built_in: true, token: 'none', default: profiles.length === 0 && b === builtIn[0] },
        `${profiles.length === 0 && b === builtIn[0] ? '*' : ' '} ${b.name}\t${ctx.tr('(встроен в приложение: здесь только кэш)', '(built into the app: cache only here)')}\t${generationWords(ctx, b.generation)}\t${ctx.tr('токен: нет', 'token: none')}`,
      );
    }
    if (!profiles.length && !builtIn.length) ctx.out.info(ctx.tr('профилей ещё нет', 'no profiles yet'));
    return;
  }
  if (sub === 'add') {
    const a = parseCommandArgs(rest, { 'base-url': { type: 'string' }, generation: { type: 'string' }, 'token-stdin': { type: 'boolean' } });
    const name = a.positionals[0];
    if (!name || a.positionals.length > 1) throw usageError('profile', 'add');
    const baseUrl = a.values['base-url'];
    if (typeof baseUrl !== 'string') throw usageError('profile', 'add', { ru: 'нужен --base-url URL', en: '--base-url URL is required' });
    const generation = (a.values.generation ?? 'current') as string;
    if (generation !== 'current' && generation !== 'earlier') throw new CliError({ ru: '--generation — current или earlier', en: '--generation is "current" or "earlier"' }, 2);
    // Read the token first: a profile without the token the user meant to give would be a half-done add.
    const token = a.values['token-stdin'] ? await readStdin() : null;
    if (a.values['token-stdin'] && !token) throw new CliError({ ru: 'указан --token-stdin, но стандартный ввод пуст', en: '--token-stdin was given but standard input was empty' }, 2);
    // Everything that can be checked without writing is checked first (name, address, no clash); then the token
    // goes to the keychain, and only then is the profile registered. A keychain failure (no D-Bus, a locked
    // keyring) so leaves nothing behind: no registry entry and no data directory.
    checkProfileName(name);
    normalizeBaseUrl(baseUrl);
    const clash = (await ctx.registry.list()).find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (clash) {
      throw new CliError({
        ru: `профиль «${clash.name}» уже есть (регистр букв не различается): выберите другое имя или обновите его токен входом (tenderwb --profile ${clash.name} login …)`,
        en: `a profile named "${clash.name}" already exists (names are compared ignoring case): choose another name, or renew its token by logging in (tenderwb --profile ${clash.name} login …)`,
      });
    }
    if (token) await ctx.vault.set(name, token);
    let profile;
    try {
      profile = await ctx.registry.add({ name, baseUrl, generation: generation as ApiGeneration });
    } catch (e) {
      if (token) await ctx.vault.remove(name).catch(() => false);
      throw e;
    }
    warnAboutBaseUrl(ctx, profile);
    ctx.out.result(
      { name: profile.name, base_url: profile.baseUrl, generation, token: token ? 'keychain' : 'none' },
      token ? ctx.tr(`профиль ${name} добавлен (токен сохранён в хранилище паролей)`, `profile ${name} added (token stored in the keychain)`) : ctx.tr(`профиль ${name} добавлен`, `profile ${name} added`),
    );
    return;
  }
  if (sub === 'use') {
    const a = parseCommandArgs(rest, {});
    const name = a.positionals[0];
    if (!name || a.positionals.length > 1) throw usageError('profile', 'use');
    const profile = (await ctx.registry.list()).find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (!profile) throw new CliError({ ru: `профиля «${name}» нет; профили: tenderwb profile list`, en: `no profile "${name}"; see "tenderwb profile list"` }, 2);
    const root = ctx.registry.rootDir;
    await new SettingsFile(root, await readSettings(root)).update({ cliProfile: profile.name });
    ctx.out.result(
      { name: profile.name, default: true },
      ctx.tr(`профиль по умолчанию: ${profile.name} (команды без --profile работают с ним)`, `default profile: ${profile.name} (commands without --profile use it)`),
    );
    return;
  }
  if (sub === 'remove') {
    const a = parseCommandArgs(rest, { 'delete-data': { type: 'boolean' } });
    const name = a.positionals[0];
    if (!name || a.positionals.length > 1) throw usageError('profile', 'remove');
    const removed = await ctx.registry.remove(name, { deleteData: a.values['delete-data'] === true });
    if (!removed) throw new CliError({ ru: `профиля «${name}» нет`, en: `no profile "${name}"` });
    await ctx.vault.remove(name).catch(() => false);
    const root = ctx.registry.rootDir;
    const settings = await readSettings(root);
    // The default gone, the first profile is the default again (not a name that may be added back later by someone else).
    if (settings.cliProfile && settings.cliProfile.toLowerCase() === name.toLowerCase()) await new SettingsFile(root, settings).update({ cliProfile: null });
    ctx.out.result({ name, removed: true }, ctx.tr(`профиль ${name} удалён`, `profile ${name} removed`));
    return;
  }
  throw usageError('profile', undefined, sub === undefined ? undefined : { ru: `нет подкоманды «${sub}»`, en: `no subcommand "${sub}"` });
}
