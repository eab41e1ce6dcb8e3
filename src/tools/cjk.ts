/** One run of Chinese, Japanese or Korean characters (scripts written without spaces between words). */
export const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/u;

/** True when the text contains Chinese, Japanese or Korean characters. */
export function containsCjk(text: string): boolean {
  return CJK_RUN.test(text);
}
