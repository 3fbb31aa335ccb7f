/**
 * Arabic as the search index holds it (shared/search-words.ts calls these on both sides). One
 * word is written many ways: with or without its short vowels and other marks, stretched with a
 * tatweel, with its alef's hamza or madda or without, a final ya with or without dots, a ta marbuta
 * written as a ha, with Arabic-Indic or ASCII digits. Each is folded to one spelling, as light
 * Arabic stemmers do before anything else (Larkey, Ballesteros and Connell, "Light stemming for
 * Arabic information retrieval", 2007): أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي, marks
 * (U+064B–U+0652, U+0670) and tatweel (U+0640) out, ٠–٩ and ۰–۹ → 0–9, Persian ی ک → ي ك. A lone
 * hamza ء stays.
 */
const MARKS_AND_TATWEEL = /[\u064B-\u0652\u0670\u0640]/g;
const LETTER_FOLDS: Record<string, string> = {
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0622": "\u0627", // آ
  "\u0671": "\u0627", // ٱ
  "\u0649": "\u064A", // ى
  "\u0629": "\u0647", // ة
  "\u0624": "\u0648", // ؤ
  "\u0626": "\u064A", // ئ
  // Persian keyboards' ya and kaf, which some shoppers type Arabic with.
  "\u06CC": "\u064A", // ی
  "\u06A9": "\u0643", // ک
};
const FOLDED_LETTERS = /[\u0623\u0625\u0622\u0671\u0649\u0629\u0624\u0626\u06CC\u06A9]/g;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** The text with its Arabic written one way (see above); any other script as it was. */
export function foldArabic(text: string): string {
  return text
    .replace(MARKS_AND_TATWEEL, "")
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter]!)
    .replace(ARABIC_INDIC_DIGITS, (digit) => {
      const point = digit.codePointAt(0)!;
      return String(point - (point >= 0x06f0 ? 0x06f0 : 0x0660));
    });
}

/** A folded word all of Arabic letters. */
export function isArabicWord(word: string): boolean {
  return /^[\u0621-\u064A]+$/.test(word);
}

/**
 * The definite article, alone or after و ب ك ف ("and the", "with the", "like the", "so the"), or
 * ل + ال written لل ("for the"), as light stemming takes it off: only when two letters or more stay.
 */
const ARTICLE = /^(?:وال|بال|كال|فال|ال|لل)(?=[\u0621-\u064A]{2,}$)/;
/** The sound feminine plural "-ات", only when three letters or more stay ("كريمات" → "كريم", "نبات" stays). */
const PLURAL = /(?<=^[\u0621-\u064A]{3,})ات$/;

/**
 * Words a shopper types for what the catalogue names otherwise, folded and stemmed, and the word the
 * index holds: broken plurals, which no suffix rule takes off ("عطور" → "عطر"), and the Arabic word beside
 * the loanword the shop's names use ("مصل", the classical word for serum, → "سيروم"). Both sides of
 * the search pass through it, so a product named either way meets a query typed either way.
 */
const WORD_FORMS: ReadonlyMap<string, string> = new Map([
  ["عطور", "عطر"],
  ["مصل", "سيروم"],
  ["امصال", "سيروم"],
  ["مسحوق", "بودره"],
  ["مساحيق", "بودره"],
  ["رموش", "رمش"],
  ["شفايف", "شفاه"],
  ["فرش", "فرشاه"],
  ["فراشي", "فرشاه"],
  ["زيوت", "زيت"],
  ["قناع", "ماسك"],
  ["اقنعه", "ماسك"],
]);

/**
 * One-word names for what the catalogue writes in two: "روج" for "أحمر شفاه" (lipstick). The index adds
 * the one word where a text holds the two (search-words.ts indexText), so either finds the product.
 */
export const TWO_WORD_NAMES: readonly { words: readonly [string, string]; word: string }[] = [
  { words: ["احمر", "شفاه"], word: "روج" },
];

/** One folded Arabic word as a query looks it up: "العطور" and "عطور", "كريمات" and "كريم" meet, and "عطور" is "عطر". */
export function arabicStem(word: string): string {
  const stem = word.replace(ARTICLE, "").replace(PLURAL, "");
  return WORD_FORMS.get(stem) ?? stem;
}

/**
 * One folded Arabic word as the index holds it: its stem and, when WORD_FORMS names another, that one
 * too, so a whole word typed either way meets it and so does the beginning of the word as written
 * ("العطو…" as a shopper types "العطور").
 */
export function arabicIndexForms(word: string): string[] {
  const stem = word.replace(ARTICLE, "").replace(PLURAL, "");
  const form = WORD_FORMS.get(stem);
  return form ? [stem, form] : [stem];
}
