// The search tokenizer shared by the notes index and the sessions' full-text index (no dependencies, so a
// worker or a lazy chunk can take it alone).

/** The scripts written without spaces between words. */
export const CJK_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN_PATTERN = new RegExp(`([${CJK_SCRIPTS}]+)|((?:(?![${CJK_SCRIPTS}])[\\p{L}\\p{N}\\p{M}])+)`, 'gu');

/**
 * Splits text into search terms: Latin-script words lowercased; runs of CJK characters (which have no
 * spaces between words) into every single character plus every overlapping pair of characters.
 */
export function tokenizeForSearch(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TOKEN_PATTERN)) {
    const [, cjkRun, word] = match;
    if (word) {
      terms.push(word);
    } else if (cjkRun) {
      const characters = Array.from(cjkRun);
      characters.forEach((character, index) => {
        terms.push(character);
        const following = characters[index + 1];
        if (following !== undefined) terms.push(character + following);
      });
    }
  }
  return terms;
}
