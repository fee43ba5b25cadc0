/**
 * A ZIP read in memory under caps: the number of entries, the total expanded size and the ratio of
 * expanded to compressed bytes, each counted on the bytes actually inflated, not on what the archive declares
 * (a zip bomb lies in its headers). The compressed bytes are fed to fflate's streaming unzip in small slices, so
 * one push can expand to at most ~16 MB before the count is checked. Entry names are labels only: they are
 * never joined to a path and never reach the disk.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { text, type Text } from '../../i18n/text';

export type ArchiveLimits = { maxEntries: number; maxDepth: number; maxExpandedBytes: number; maxRatio: number };

export class ArchiveRefused extends Error {
  constructor(readonly reason: Text) {
    super(reason.en);
  }
}

export type ArchiveEntry = { label: string; data: Uint8Array };

/** An entry's name as shown: control and bidi characters out, at most 200 characters; never used as a path. */
export const entryLabel = (name: string): string =>
  [...name]
    .filter((ch) => {
      const c = ch.codePointAt(0)!;
      return c >= 0x20 && c !== 0x7f && c !== 0x200e && c !== 0x200f && !(c >= 0x202a && c <= 0x202e) && !(c >= 0x2066 && c <= 0x2069);
    })
    .join('')
    .slice(0, 200) || '(без имени)';

const SLICE = 16 * 1024;
const mb = (n: number): string => String(Math.round(n / 1024 / 1024));

export function readArchive(bytes: Uint8Array, limits: ArchiveLimits): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let expanded = 0;
  // A holder, not a `let`: the callbacks set it, and the loop below must see that.
  const st: { refused: Text | null } = { refused: null };
  const unzip = new Unzip((file) => {
    if (st.refused) return;
    if (file.name.endsWith('/')) return;
    if (entries.length + 1 > limits.maxEntries) {
      st.refused = text(`в архиве больше ${limits.maxEntries} файлов — не распакован`, `the archive holds over ${limits.maxEntries} files: not unpacked`);
      return;
    }
    const chunks: Uint8Array[] = [];
    const entry: ArchiveEntry = { label: entryLabel(file.name), data: new Uint8Array(0) };
    entries.push(entry);
    file.ondata = (err, data, final) => {
      if (st.refused) return;
      if (err) {
        st.refused = text(`архив повреждён (${err.message})`, `the archive is damaged (${err.message})`);
        return;
      }
      expanded += data.length;
      if (expanded > limits.maxExpandedBytes) {
        st.refused = text(
          `архив похож на zip-бомбу: распакованный размер больше ${mb(limits.maxExpandedBytes)} МБ — не распакован`,
          `the archive looks like a zip bomb: over ${mb(limits.maxExpandedBytes)} MB expanded: not unpacked`,
        );
        file.terminate();
        return;
      }
      if (expanded > 1024 * 1024 && expanded / Math.max(1, bytes.length) > limits.maxRatio) {
        st.refused = text(
          `архив похож на zip-бомбу: сжат более чем в ${limits.maxRatio} раз — не распакован`,
          `the archive looks like a zip bomb: compressed over ${limits.maxRatio} times: not unpacked`,
        );
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) {
        const out = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        entry.data = out;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  for (let at = 0; at < bytes.length && !st.refused; at += SLICE) {
    unzip.push(bytes.subarray(at, Math.min(bytes.length, at + SLICE)), at + SLICE >= bytes.length);
  }
  if (st.refused) throw new ArchiveRefused(st.refused);
  return entries.filter((e) => e.data.length > 0);
}
