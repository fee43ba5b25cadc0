/**
 * The team connection form's problems: by field, in the user's language, without the contract's path
 * («connection.url: …»), whether found before sending or in the core's `invalid_input` answer.
 */
import { describe, expect, it } from 'vitest';
import { methods } from '../../src-main/contract/ipc';
import { describeIssues } from '../../src-main/contract/callBounds';
import { teamCallProblems, teamFormProblems } from '../../src-renderer/views/settings/teamForm';

const bad = { url: 'postgres://anna:secret@db.example:5432/team', schema: 'Team-Data', author: 'Анна' };

describe('team form problems', () => {
  it('names each field in words, capitalised, in both languages', () => {
    expect(teamFormProblems(bad, 'ru')).toEqual({
      url: 'Пароль в адрес не пишите: для него есть отдельное поле',
      schema: 'Строчные латинские буквы, цифры и _, не длиннее 63 символов',
    });
    expect(teamFormProblems({ ...bad, url: 'db.example/team' }, 'en').url).toBe('An address like postgres://user@host:port/database');
    expect(teamFormProblems({ url: 'postgres://anna@db.example:5432/team', schema: 'tenderwb', author: '' }, 'ru')).toEqual({});
  });

  it('refuses a PostgreSQL system schema (information_schema, pg_…) next to the schema field, in its own words', () => {
    const form = { url: 'postgres://anna@db.example:5432/team', author: '' };
    for (const schema of ['information_schema', 'pg_catalog', 'pg_temp_3']) {
      expect(teamFormProblems({ ...form, schema }, 'ru')).toEqual({ schema: 'Это системная схема PostgreSQL (information_schema, pg_…): укажите свою, например tenderwb' });
    }
    expect(teamFormProblems({ ...form, schema: 'pg_toast' }, 'en')).toEqual({ schema: 'This is a PostgreSQL system schema (information_schema, pg_…): give one of the team’s own, such as tenderwb' });
    expect(teamFormProblems({ ...form, schema: 'team_pg' }, 'ru')).toEqual({});
  });

  it('splits the core’s invalid_input message by field, dropping the paths', () => {
    const parsed = methods['team.setConnection'].args.safeParse({ connection: bad });
    const { message, fields } = describeIssues(parsed.error!.issues, 'ru');
    expect(message).toContain('connection.url: ');
    const split = teamCallProblems(message, fields);
    expect(split.problems).toEqual(teamFormProblems(bad, 'ru'));
    expect(split.rest).toBeNull();
    expect(teamCallProblems('аргументы: что-то не так', ['(arguments)'])).toEqual({ problems: {}, rest: 'аргументы: что-то не так' });
  });
});
