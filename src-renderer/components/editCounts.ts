/**
 * Whether the counts the core reports for a list edit can be believed. The API reference shows no response
 * body for adding or removing list items (sections 4.12, 4.13), so a server may answer `{}` and the core then
 * reports 0 and 0. Every id sent is either added or already there (removed or not there), so counts that do
 * not add up to the ids sent were not stated: the message then names what was sent, not a made-up 0. Pure.
 */
export function editCountsStated(ids: readonly number[], done: number, unchanged: number): boolean {
  return done + unchanged === new Set(ids).size;
}
