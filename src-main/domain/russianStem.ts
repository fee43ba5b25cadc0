/**
 * A light Russian stemmer: cuts one common inflectional ending so that the stem, matched as a prefix, finds the
 * other forms of a word ("поставка" → "поставк" → поставки, поставкой, поставкам). Not Snowball: procurement
 * texts are nouns and adjectives in a handful of cases, and a prefix match on the stem covers them; a wrong
 * cut only widens the match a little. Shared by the sandbox (the API's keyword matching, decision D-Q-2) and
 * the offline search of the cache, so both find the same forms.
 */

const ENDINGS = [
  'иями', 'ями', 'ами', 'ого', 'его', 'ому', 'ему', 'ыми', 'ими', 'ией', 'ия', 'ие', 'ий', 'ой', 'ей', 'ый',
  'ая', 'яя', 'ое', 'ее', 'ые', 'ов', 'ев', 'ам', 'ям', 'ах', 'ях', 'ом', 'ем', 'ую', 'юю', 'ку', 'ки', 'ка',
  'а', 'я', 'о', 'е', 'ы', 'и', 'у', 'ю', 'ь', 'й',
];

/**
 * The stem of a lower-case Russian word and whether to match it as a prefix. Words shorter than 5 letters,
 * or with anything but Cyrillic letters, are matched exactly (`prefix: false`).
 */
export function stemRussian(word: string): { term: string; prefix: boolean } {
  if (word.length < 5 || !/^[а-яё]+$/.test(word)) return { term: word, prefix: false };
  for (const end of ENDINGS) {
    if (word.endsWith(end) && word.length - end.length >= 4) return { term: word.slice(0, -end.length), prefix: true };
  }
  return { term: word, prefix: true };
}

/**
 * The stems to look up in a full-text index's own words for a typed word. The indexes (unicode61, remove_diacritics
 * 2) keep й and ё as they are: the stem is cut from the lowercased word with its й (the endings -ый, -ий, -ой are
 * endings only with it; folded to и first, «зеленый» lost just its и and missed «зеленого»), and since a Russian
 * text writes ё or е as it pleases, each е or ё of the stem is looked up both ways (up to three of them: eight
 * stems), so «зеленая» finds «зелёного» and «ёмкостью» «емкость».
 */
export function indexStems(word: string): { terms: string[]; prefix: boolean } {
  const { term, prefix } = stemRussian(word.toLowerCase());
  return { terms: yoSpellings(term), prefix };
}

/**
 * A lowercased word with each of its е or ё written both ways (up to three of them: eight spellings), the word as
 * given first: what a text written with ё may hold for a query folded to е.
 */
export function yoSpellings(word: string): string[] {
  const at = [...word].flatMap((c, i) => (c === 'е' || c === 'ё' ? [i] : []));
  if (at.length === 0 || at.length > 3) return [word];
  const out: string[] = [];
  for (let mask = 0; mask < 1 << at.length; mask++) {
    const chars = [...word];
    at.forEach((pos, k) => (chars[pos] = mask & (1 << k) ? 'ё' : 'е'));
    out.push(chars.join(''));
  }
  return [word, ...out.filter((t) => t !== word)];
}
