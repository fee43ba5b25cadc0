/**
 * The dynamic symbol table of an ELF shared object (a Linux `.node` addon), read from the file itself, so a
 * test can tell what an addon exports and what it needs from the process that loads it without binutils
 * (`nm -D` prints the same). 64-bit little-endian files only: every Linux addon we ship (x64, arm64).
 */
import { readFileSync } from 'node:fs';

export interface DynamicSymbols {
  /** Symbols the file defines (what the loader can find in it). */
  readonly defined: ReadonlySet<string>;
  /** Symbols the file needs from the process or other libraries. */
  readonly undefined: ReadonlySet<string>;
}

const SHT_DYNSYM = 11;
const SYM_SIZE = 24;

export function elfDynamicSymbols(file: string): DynamicSymbols {
  const b = readFileSync(file);
  if (b.length < 64 || b.readUInt32BE(0) !== 0x7f454c46) throw new Error(`${file} is not an ELF file`);
  if (b[4] !== 2 || b[5] !== 1) throw new Error(`${file} is not a 64-bit little-endian ELF file`);
  const shoff = Number(b.readBigUInt64LE(0x28));
  const shentsize = b.readUInt16LE(0x3a);
  const shnum = b.readUInt16LE(0x3c);
  const section = (i: number) => {
    const at = shoff + i * shentsize;
    return { type: b.readUInt32LE(at + 4), offset: Number(b.readBigUInt64LE(at + 24)), size: Number(b.readBigUInt64LE(at + 32)), link: b.readUInt32LE(at + 40) };
  };
  const defined = new Set<string>();
  const needed = new Set<string>();
  for (let i = 0; i < shnum; i++) {
    const dynsym = section(i);
    if (dynsym.type !== SHT_DYNSYM) continue;
    const strtab = section(dynsym.link);
    for (let at = dynsym.offset + SYM_SIZE; at + SYM_SIZE <= dynsym.offset + dynsym.size; at += SYM_SIZE) {
      const nameAt = strtab.offset + b.readUInt32LE(at);
      const name = b.toString('latin1', nameAt, b.indexOf(0, nameAt));
      if (name === '') continue;
      (b.readUInt16LE(at + 6) === 0 ? needed : defined).add(name); // st_shndx 0: SHN_UNDEF
    }
  }
  return { defined, undefined: needed };
}
