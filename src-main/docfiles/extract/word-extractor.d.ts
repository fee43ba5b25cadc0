/** word-extractor 1.0.4 ships no types: the part extractText.ts uses (a .doc's body text). */
declare module 'word-extractor' {
  class WordDocument {
    getBody(): string;
  }
  export default class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>;
  }
}
