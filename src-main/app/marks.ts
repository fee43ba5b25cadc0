/**
 * marks.*: thin over the marks workbench (src-main/marks/) on the active session's cache. Every change emits
 * `marks.changed` with the tenders it changed (none changed: no event), so every view showing them reloads;
 * so do marks a team sync pulled into the session's cache.
 */
import type { Handlers } from '../contract/ipc';
import { listTags, markStore, tenderMarksFor } from '../cache/markStore';
import { applyMarks } from '../marks/applyMarks';
import { markHistory, onPulledMarks } from '../marks/markHistory';
import { tenderMarks } from '../marks/tenderMarks';
import { pipelineBoard } from '../marks/markedTenders';
import { deleteNote, deleteTag, mergeTags, recolorTag, renameTag } from '../marks/tagAdmin';
import type { AppContext } from './context';

type MarkHandlers = Pick<
  Handlers,
  | 'marks.get'
  | 'marks.ofTenders'
  | 'marks.apply'
  | 'marks.tags'
  | 'marks.tagRename'
  | 'marks.tagColor'
  | 'marks.tagMerge'
  | 'marks.tagDelete'
  | 'marks.noteDelete'
  | 'marks.board'
  | 'marks.assignees'
  | 'marks.history'
>;

export function markHandlers(ctx: AppContext): MarkHandlers {
  const changed = (tenderIds: readonly number[]): void => {
    if (tenderIds.length > 0) ctx.emit('marks.changed', { tenderIds: [...tenderIds] });
  };
  const cache = () => ctx.session().cache;
  // A team sync writes pulled marks into the cache outside these handlers: those of the session's cache are
  // told like a change made here, so its views reload (a pull into a cache no longer active is nobody's view).
  onPulledMarks((pulledInto, tenderIds) => {
    if (ctx.sessionOrNull()?.cache === pulledInto) changed(tenderIds);
  });
  return {
    'marks.get': async ({ tenderId }) => tenderMarks(cache(), tenderId),
    'marks.ofTenders': async ({ ids }) => [...tenderMarksFor(cache(), ids).values()],
    'marks.apply': async (change) => {
      const ids = applyMarks(cache(), change);
      changed(ids);
      return { changed: ids.length };
    },
    'marks.tags': async () => listTags(cache()),
    'marks.tagRename': async ({ tagId, name }) => {
      changed(renameTag(cache(), tagId, name));
      return { renamed: true };
    },
    'marks.tagColor': async ({ tagId, color }) => {
      changed(recolorTag(cache(), tagId, color));
      return { changed: true };
    },
    'marks.tagMerge': async ({ from, into }) => {
      const moved = mergeTags(cache(), from, into);
      changed(moved);
      return { moved: moved.length };
    },
    'marks.tagDelete': async ({ tagId }) => {
      changed(deleteTag(cache(), tagId));
      return { deleted: true };
    },
    'marks.noteDelete': async ({ noteId }) => {
      const tenderId = deleteNote(cache(), noteId);
      if (tenderId !== null) changed([tenderId]);
      return { deleted: tenderId !== null };
    },
    'marks.board': async ({ filter }) => ({ columns: pipelineBoard(cache(), filter) }),
    'marks.assignees': async () => markStore(cache()).assignees(),
    'marks.history': async ({ tenderId }) => markHistory(cache(), tenderId),
  };
}
