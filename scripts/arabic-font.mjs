// The Arabic web font, cut to the letters the shop writes (decision 0087's Arabic; the brand guide's page weight).
// @fontsource's "arabic" files hold every Arabic block (Persian, Urdu, Quranic marks, the
// presentation forms) at 43–46 KB a weight; the shop's Arabic needs the Arabic letters, their
// marks, digits and punctuation, and the few letters Gulf Arabic writes foreign names with
// (پ چ ڤ گ ک ی). Cut to those, with the font's shaping tables kept (harfbuzz's subsetter, as
// subset-font runs it), a weight is about 15 KB. The build refuses an Arabic text (catalogue or
// seed) with a letter outside the cut: a word drawn half in another face loses its joins.
import { readFile } from "node:fs/promises";
import subsetFont from "subset-font";

/** The code points kept, as [first, last] ranges; fonts.css's unicode-range names the same. */
export const ARABIC_RANGES = [
  [0x060c, 0x060c], // comma
  [0x061b, 0x061b], // semicolon
  [0x061f, 0x061f], // question mark
  [0x0621, 0x063a], // letters hamza … ghain
  [0x0640, 0x0652], // tatweel, letters fa … ya, vowel marks
  [0x0660, 0x066d], // Arabic-Indic digits, percent and separators
  [0x0670, 0x0670], // superscript alef
  [0x067e, 0x067e], // peh
  [0x0686, 0x0686], // tcheh
  [0x06a4, 0x06a4], // veh
  [0x06a9, 0x06a9], // keheh
  [0x06af, 0x06af], // gaf
  [0x06cc, 0x06cc], // Farsi yeh
  [0x200c, 0x200f], // joiners and direction marks
];

const kept = (codePoint) => ARABIC_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);

/** Arabic-script code points the shop's own Arabic uses that the cut leaves out. */
async function lettersOutside(files) {
  const outside = new Set();
  for (const file of files) {
    for (const char of await readFile(file, "utf8")) {
      const codePoint = char.codePointAt(0);
      const arabicScript = /\p{Script=Arabic}/u.test(char);
      if (arabicScript && !kept(codePoint))
        outside.add(`U+${codePoint.toString(16).toUpperCase().padStart(4, "0")} ${char}`);
    }
  }
  return [...outside];
}

/** An esbuild plugin: IBM Plex Sans Arabic's woff2 files are cut as they are loaded. */
export function arabicFontSubset({ texts }) {
  return {
    name: "arabic-font-subset",
    setup(build) {
      build.onStart(async () => {
        const outside = await lettersOutside(texts);
        if (outside.length === 0) return;
        return {
          errors: [
            {
              text: `Arabic letters outside the web font's cut (scripts/arabic-font.mjs ARABIC_RANGES): ${outside.join(", ")}`,
            },
          ],
        };
      });
      build.onLoad({ filter: /ibm-plex-sans-arabic-arabic-\d+-normal\.woff2$/ }, async ({ path }) => {
        const letters = ARABIC_RANGES.flatMap(([first, last]) =>
          Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)),
        ).join("");
        const contents = await subsetFont(await readFile(path), letters, { targetFormat: "woff2" });
        return { contents, loader: "file" };
      });
    },
  };
}
