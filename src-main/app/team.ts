/**
 * team.*: the team database connection in Settings. The connection (address without password,
 * schema) is kept in settings.json with the one profile it belongs to (the one active when it was saved; never the
 * built-in sandbox: demo data must not reach a team); the password only in the keychain; the analyst's name in
 * the profile's cache (team_self, where `tenderwb team sync --author` writes too). The runs themselves are the
 * TeamSyncer's (teamSyncer.ts).
 */
import { teamLinkStore } from '../cache/teamLink';
import type { Handlers } from '../contract/ipc';
import { AppError } from '../domain/appError';
import { appVersion } from '../export/provenance';
import { TEAM_SYNC_TEXT } from '../i18n/teamSyncText';
import { defaultTeamAuthor } from '../team/author';
import { openTeamConnection } from '../teamdb/connection';
import { teamError } from '../teamdb/errors';
import { DEFAULT_TEAM_SCHEMA } from '../teamdb/schemaName';
import type { TeamSecretVault } from '../vault/teamSecret';
import type { AppContext } from './context';
import { isBuiltInName } from '../workspace/sandboxProfile';
import { noTeamConnection, teamSyncRefusal, type TeamSyncer } from './teamSyncer';

type TeamHandlers = Pick<Handlers, 'team.status' | 'team.setConnection' | 'team.test' | 'team.syncNow'>;

export function teamHandlers(ctx: AppContext, syncer: TeamSyncer, secrets: TeamSecretVault): TeamHandlers {
  return {
    'team.status': () => syncer.status(),
    'team.setConnection': async ({ connection, password, forgetPassword }) => {
      const { team: previous, teamLastRun } = ctx.settings.value;
      const session = ctx.sessionOrNull();
      if (connection !== null && (session === null || isBuiltInName(session.name))) throw new AppError('not_supported', TEAM_SYNC_TEXT.sandboxRefused);
      if (password !== undefined && connection === null) throw noTeamConnection();
      // «Отключить» keeps the stored password unless asked to forget it (saving the same address again needs none).
      if (forgetPassword && previous) await secrets.remove(previous.url);
      if (password !== undefined && connection !== null) await secrets.set(connection.url, password);
      if (connection !== null && session !== null) {
        // The name goes where the CLI's --author writes; none typed: the OS user's, never an empty author.
        const link = teamLinkStore(session.cache);
        const author = connection.author.trim() || (link.author() === '' ? defaultTeamAuthor() : link.author());
        if (author !== link.author()) link.setAuthor(author);
        if (connection.refuseUnproven !== undefined && connection.refuseUnproven !== link.refuseUnproven()) link.setRefuseUnproven(connection.refuseUnproven);
      }
      // The last result stays while the same address and schema are saved again (also after a disconnect).
      const ranOn = teamLastRun?.url !== undefined ? { url: teamLastRun.url, schema: teamLastRun.schema } : previous;
      const sameTarget = connection !== null && ranOn?.url === connection.url && (ranOn.schema ?? DEFAULT_TEAM_SCHEMA) === connection.schema;
      await ctx.settings.update({
        team: connection,
        teamProfile: connection !== null && session !== null ? session.name : null,
        ...(connection !== null && !sameTarget ? { teamLastRun: null } : {}),
      });
      syncer.passwordChanged();
      return syncer.status();
    },
    'team.test': async (args) => {
      // The form's unsaved address and schema when given, else the saved connection.
      const target = args.connection ?? ctx.settings.value.team;
      if (!target) throw noTeamConnection();
      const schema = target.schema || DEFAULT_TEAM_SCHEMA;
      // A typed password is used for this test only; never stored.
      const password = args.password ?? (await secrets.resolve(target.url)).password;
      try {
        const team = await openTeamConnection({ url: target.url, password, schema, appVersion: appVersion() });
        await team.close();
        const v = team.schemaVersion;
        return {
          schemaVersion: v,
          message: ctx.locale === 'en' ? `Connected: schema «${schema}», version ${v}.` : `Подключение работает: схема «${schema}», версия ${v}.`,
        };
      } catch (error) {
        throw teamError(error, { url: target.url, schema, secrets: [password] });
      }
    },
    'team.syncNow': async () => {
      const refused = teamSyncRefusal(ctx.settings, ctx.sessionOrNull()?.name ?? null);
      if (refused) throw refused;
      return { started: syncer.start() };
    },
  };
}
