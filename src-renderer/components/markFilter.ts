/**
 * Filter chips over marks (tag, status, assignee), pure: a MarkFilter as the chips the user sees, and the
 * filter with one chip added or taken away. Tags must all hold, statuses are alternatives (MarkFilter's rule).
 */
import type { MarkFilter, PipelineStatus } from '../../src-main/domain/marks';

export type MarkChip = { kind: 'tag'; value: string } | { kind: 'status'; value: PipelineStatus } | { kind: 'assignee'; value: string };

export function chipsOf(filter: MarkFilter): MarkChip[] {
  return [
    ...(filter.tags ?? []).map((value): MarkChip => ({ kind: 'tag', value })),
    ...(filter.status ?? []).map((value): MarkChip => ({ kind: 'status', value })),
    ...(filter.assignee ? [{ kind: 'assignee', value: filter.assignee } as MarkChip] : []),
  ];
}

/** The filter without empty parts: undefined when nothing is left (no `marks` argument at all). */
export function compact(filter: MarkFilter): MarkFilter | undefined {
  const out: MarkFilter = {};
  if (filter.tags?.length) out.tags = filter.tags;
  if (filter.status?.length) out.status = filter.status;
  if (filter.assignee) out.assignee = filter.assignee;
  return Object.keys(out).length ? out : undefined;
}

export function withChip(filter: MarkFilter, chip: MarkChip): MarkFilter {
  if (chip.kind === 'assignee') return { ...filter, assignee: chip.value.trim() || undefined };
  if (chip.kind === 'tag') {
    const tags = filter.tags ?? [];
    return tags.some((t) => t.toLocaleLowerCase('ru') === chip.value.toLocaleLowerCase('ru')) ? filter : { ...filter, tags: [...tags, chip.value] };
  }
  const status = filter.status ?? [];
  return status.includes(chip.value) ? filter : { ...filter, status: [...status, chip.value] };
}

export function withoutChip(filter: MarkFilter, chip: MarkChip): MarkFilter {
  if (chip.kind === 'assignee') return { ...filter, assignee: undefined };
  if (chip.kind === 'tag') return { ...filter, tags: (filter.tags ?? []).filter((t) => t !== chip.value) };
  return { ...filter, status: (filter.status ?? []).filter((s) => s !== chip.value) };
}

/** A stable key of the filter, for a table's reset key. */
export const filterKey = (filter: MarkFilter | undefined): string => (filter ? JSON.stringify([filter.tags ?? [], filter.status ?? [], filter.assignee ?? '']) : '');
