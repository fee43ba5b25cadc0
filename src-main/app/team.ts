/**
 * team.*: the team database connection in Settings (issue 17). The connection (address without password,
 * schema, the analyst's name) is kept in settings.json, the password only in the keychain; the runs themselves
 * are the TeamSyncer's (teamSyncer.ts).
 */
import type { Handlers } from '../contract/ipc';
import { appVersion } from '../export/provenance';
import { openTeamConnection } from '../teamdb/connection';
import { teamError } from '../teamdb/errors';
import { DEFAULT_TEAM_SCHEMA } from '../teamdb/schemaName';
import type { TeamSecretVault } from '../vault/teamSecret';
import { appError } from '../domain/appError';
import type { AppContext } from './context';
import type { TeamSyncer } from './teamSyncer';

type TeamHandlers = Pick<Handlers, 'team.status' | 'team.setConnection' | 'team.test' | 'team.syncNow'>;

export function teamHandlers(ctx: AppContext, syncer: TeamSyncer, secrets: TeamSecretVault): TeamHandlers {
  const noConnection = () => appError('invalid_input', 'Сначала укажите адрес базы команды и сохраните его.', 'First enter the team database address and save it.');
  return {
    'team.status': () => syncer.status(),
    'team.setConnection': async ({ connection, password, forgetPassword }) => {
      const previous = ctx.settings.value.team;
      if (forgetPassword && previous) await secrets.remove(previous.url);
      if (password !== undefined) {
        if (connection === null) throw noConnection();
        await secrets.set(connection.url, password);
      }
      await ctx.settings.update({ team: connection, ...(connection?.url !== previous?.url ? { teamLastRun: null } : {}) });
      syncer.passwordChanged();
      return syncer.status();
    },
    'team.test': async () => {
      const connection = ctx.settings.value.team;
      if (connection === null) throw noConnection();
      const schema = connection.schema || DEFAULT_TEAM_SCHEMA;
      const { password } = await secrets.resolve(connection.url);
      try {
        const team = await openTeamConnection({ url: connection.url, password, schema, appVersion: appVersion() });
        await team.close();
        const v = team.schemaVersion;
        return {
          schemaVersion: v,
          message: ctx.locale === 'en' ? `Connected: schema «${schema}», version ${v}.` : `Подключение работает: схема «${schema}», версия ${v}.`,
        };
      } catch (error) {
        throw teamError(error, { url: connection.url, schema, secrets: [password] });
      }
    },
    'team.syncNow': async () => {
      if (ctx.settings.value.team === null) throw noConnection();
      return { started: syncer.start() };
    },
  };
}
