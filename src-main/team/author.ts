/**
 * Who this machine's team changes are by when nobody typed a name (a newcomer's marks came to the team
 * signed by nobody): the OS user's name, else «—». Typed names (the app's «Ваше имя», the CLI's --author) are
 * kept in the profile's cache (team_self.author, cache/teamLink.ts), so the app and the CLI sign the same way.
 */
import { userInfo } from 'node:os';

export function defaultTeamAuthor(): string {
  try {
    const name = userInfo().username.trim();
    return name !== '' ? name : '—';
  } catch {
    // No passwd entry for this uid (a container): os.userInfo throws.
    return '—';
  }
}
