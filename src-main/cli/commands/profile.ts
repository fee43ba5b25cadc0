/** `tenderwb profile add|list|remove`: profiles and their tokens (the token goes to the keychain only). */
import { parseCommandArgs } from '../args';
import { CliError } from '../output';
import type { CliContext } from '../context';
import { assertProfileName, baseUrlWarnings, normalizeBaseUrl } from '../../profiles/profiles';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

export async function profileCommand(ctx: CliContext, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    const profiles = await ctx.registry.list();
    for (const p of profiles) {
      const token = await ctx.vault.source(p.name).catch(() => null);
      ctx.out.result({ name: p.name, base_url: p.baseUrl, generation: p.generation, created_at: p.createdAt, token: token ?? 'none' }, `${p.name}\t${p.baseUrl}\t${p.generation}\ttoken: ${token ?? 'none'}`);
    }
    // The app's built-in sandbox profiles: listed when this data root holds their cache (offline commands read it).
    const builtIn = ctx.builtInProfiles().filter((b) => !profiles.some((p) => p.name.toLowerCase() === b.name));
    for (const b of builtIn) {
      ctx.out.result({ name: b.name, base_url: null, generation: b.generation, built_in: true, token: 'none' }, `${b.name}\t(built into the app: cache only here)\t${b.generation}\ttoken: none`);
    }
    if (!profiles.length && !builtIn.length) ctx.out.info('no profiles yet');
    return;
  }
  if (sub === 'add') {
    const a = parseCommandArgs(rest, { 'base-url': { type: 'string' }, generation: { type: 'string' }, 'token-stdin': { type: 'boolean' } });
    const name = a.positionals[0];
    if (!name || a.positionals.length > 1) throw new CliError('usage: profile add NAME --base-url URL [--generation current] [--token-stdin]', 2);
    const baseUrl = a.values['base-url'];
    if (typeof baseUrl !== 'string') throw new CliError('--base-url URL is required', 2);
    const generation = (a.values.generation ?? 'current') as string;
    if (generation !== 'current' && generation !== 'earlier') throw new CliError('--generation is "current" or "earlier"', 2);
    // Read the token first: a profile without the token the user meant to give would be a half-done add.
    const token = a.values['token-stdin'] ? await readStdin() : null;
    if (a.values['token-stdin'] && !token) throw new CliError('--token-stdin was given but standard input was empty', 2);
    // Everything that can be checked without writing is checked first (name, address, no clash); then the token
    // goes to the keychain, and only then is the profile registered. A keychain failure (no D-Bus, a locked
    // keyring) so leaves nothing behind: no registry entry and no data directory.
    assertProfileName(name);
    normalizeBaseUrl(baseUrl);
    const clash = (await ctx.registry.list()).find((p) => p.name.toLowerCase() === name.toLowerCase());
    if (clash) throw new CliError(`a profile named "${clash.name}" already exists (names are compared ignoring case)`);
    if (token) await ctx.vault.set(name, token);
    let profile;
    try {
      profile = await ctx.registry.add({ name, baseUrl, generation });
    } catch (e) {
      if (token) await ctx.vault.remove(name).catch(() => false);
      throw e;
    }
    for (const w of baseUrlWarnings(profile.baseUrl, generation)) ctx.out.info(`warning: ${w}`);
    ctx.out.result({ name: profile.name, base_url: profile.baseUrl, generation, token: token ? 'keychain' : 'none' }, `profile ${name} added${token ? ' (token stored in the keychain)' : ''}`);
    return;
  }
  if (sub === 'remove') {
    const a = parseCommandArgs(rest, { 'delete-data': { type: 'boolean' } });
    const name = a.positionals[0];
    if (!name) throw new CliError('usage: profile remove NAME [--delete-data]', 2);
    const removed = await ctx.registry.remove(name, { deleteData: a.values['delete-data'] === true });
    if (!removed) throw new CliError(`no profile "${name}"`);
    await ctx.vault.remove(name).catch(() => false);
    ctx.out.result({ name, removed: true }, `profile ${name} removed`);
    return;
  }
  throw new CliError('usage: profile add|list|remove ...', 2);
}
