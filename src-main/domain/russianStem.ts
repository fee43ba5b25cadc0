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
