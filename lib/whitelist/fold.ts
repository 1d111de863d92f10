// Character-level clean-up of a message before link scanning (see scan-text.ts), with a map back to the
// original: text[i] came from original[from[i], to[i]).

export type ScanText = { text: string; from: number[]; to: number[] };

// Invisible characters that split a link without showing: soft hyphen, combining grapheme joiner, Arabic
// letter mark, Hangul fillers, Khmer vowel inherents, Mongolian selectors, zero-width space/joiners, bidi
// marks and overrides, word joiner and invisible operators, variation selectors, BOM.
const INVISIBLE_RANGES: [number, number][] = [
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x115f, 0x1160], [0x17b4, 0x17b5], [0x180b, 0x180e],
  [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x2064], [0x2066, 0x2069], [0x3164, 0x3164], [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff], [0xffa0, 0xffa0],
];
const isInvisible = (char: string) => {
  const code = char.codePointAt(0)!;
  return INVISIBLE_RANGES.some(([low, high]) => code >= low && code <= high);
};

// Scripts written without spaces between words (and Korean, which glues particles on): in
// "詳細はevil.comをご覧ください" the link ends where the Latin letters do. Without a break there the host
// would read "詳細はevil.comをご覧ください", whose last label is no TLD: the link would vanish.
// Cyrillic, Greek etc. are not on the list: "pаypal.com" must stay one (look-alike) host.
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const isScriptBreak = (before: string, after: string) => {
  if (before < "\u0080" && after < "\u0080") return false;
  const unspacedBefore = UNSPACED_SCRIPT.test(before);
  const unspacedAfter = UNSPACED_SCRIPT.test(after);
  return unspacedBefore !== unspacedAfter && WORD_CHAR.test(before) && WORD_CHAR.test(after);
};

/**
 * Per character: drop invisibles, apply NFKC (full-width "ｅｖｉｌ．ｃｏｍ" → "evil.com", "｡" → "。",
 * "․" → "."), read the ideographic full stop "。" as a dot, as browsers do in host names, and put a space
 * (mapped to nothing in the original) where an unspaced script meets another.
 */
export function fold(original: string): ScanText {
  const text: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const push = (char: string, start: number, end: number) => {
    text.push(char);
    from.push(start);
    to.push(end);
  };
  let index = 0;
  let previous = "";
  for (const char of original) {
    const end = index + char.length;
    const folded = char < "\u0080" ? char : isInvisible(char) ? "" : char.normalize("NFKC").replace(/\u3002/g, ".");
    for (const codePoint of folded) {
      if (previous && isScriptBreak(previous, codePoint)) push(" ", index, index);
      for (let i = 0; i < codePoint.length; i++) push(codePoint[i]!, index, end);
      previous = codePoint;
    }
    index = end;
  }
  return { text: text.join(""), from, to };
}
