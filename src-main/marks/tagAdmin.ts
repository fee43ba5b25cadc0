/**
 * The tags manager: rename (never onto another tag's name, whatever its case: merge joins two tags), recolour,
 * merge (every tender of the sources gets the target, the sources go, one transaction), delete; and a note
 * deleted. Each answers the tenders whose shown marks changed (for `marks.changed`).
 */
import type { CacheDb } from '../cache/database';
import { markStore } from '../cache/markStore';
import { appError } from '../domain/appError';
import { checkColor, checkTagName } from './markInput';

const noTag = (tagId: number) => appError('not_found', `Метка №${tagId} не найдена (возможно, её уже удалили или объединили)`, `Tag #${tagId} was not found (it may have been deleted or merged)`);

export function renameTag(cache: CacheDb, tagId: number, name: string): number[] {
  checkTagName(name);
  const { result, tenderIds } = markStore(cache).renameTag(tagId, name);
  if (result === 'not_found') throw noTag(tagId);
  if (result === 'exists') {
    throw appError('conflict', `Метка «${name.trim()}» уже есть; чтобы соединить две метки, объедините их`, `A tag "${name.trim()}" already exists; to join two tags, merge them`);
  }
  return tenderIds;
}

export function recolorTag(cache: CacheDb, tagId: number, color: string): number[] {
  checkColor(color);
  const tenderIds = markStore(cache).recolorTag(tagId, color);
  if (tenderIds === null) throw noTag(tagId);
  return tenderIds;
}

export function mergeTags(cache: CacheDb, from: readonly number[], into: number): number[] {
  const moved = markStore(cache).mergeTags(from, into);
  if (moved === null) throw noTag(into);
  return moved;
}

export function deleteTag(cache: CacheDb, tagId: number): number[] {
  const carried = markStore(cache).deleteTag(tagId);
  if (carried === null) throw noTag(tagId);
  return carried;
}

/** The tender the note was on, or null when there was no such note (already deleted: nothing to do). */
export function deleteNote(cache: CacheDb, noteId: number): number | null {
  return markStore(cache).deleteNote(noteId);
}
