import { describe, expect, it } from "vitest";
import { editDistance, foldText, indexText, indexWord, matchExpression, queryWords } from "../../shared/search-words";

describe("the search normaliser (shared/search-words.ts)", () => {
  it("folds case, accents, ligatures and symbols, and joins apostrophes", () => {
    expect(foldText("Maison LUMIÈRE — Clarté")).toBe("maison lumiere clarte");
    expect(foldText("Oud & Amber")).toBe("oud amber");
    expect(foldText("Gentleman’s Grove")).toBe("gentlemans grove");
    expect(foldText("Œuvre Straße")).toBe("oeuvre strasse");
    expect(foldText("  ***  ")).toBe("");
  });

  it("makes American spellings British, but leaves short words such as size alone", () => {
    expect(indexWord("moisturizer")).toBe("moisturiser");
    expect(indexWord("moisturizing")).toBe("moisturising");
    expect(indexWord("moisturiz")).toBe("moisturise");
    expect(indexWord("colorless")).toBe("colourless");
    expect(indexWord("gray")).toBe("grey");
    expect(indexWord("size")).toBe("size");
    expect(indexWord("prize")).toBe("prize");
  });

  it("makes plurals singular the same way for the product and the query", () => {
    for (const [plural, singular] of [
      ["shampoos", "shampoo"],
      ["roses", "rose"],
      ["berries", "berry"],
      ["brushes", "brush"],
      ["glasses", "glass"],
      ["moisturisers", "moisturiser"],
    ]) {
      expect(indexWord(plural!), plural).toBe(indexWord(singular!));
    }
    for (const word of ["gloss", "lotus", "iris", "spf", "50ml"]) expect(indexWord(word), word).toBe(word);
  });

  it("keeps repeats in indexed text and makes a query's words distinct, at most eight", () => {
    expect(indexText("Serums Hydrating Serum")).toBe("serum hydrating serum");
    expect(queryWords("serum SERUMS serum")).toEqual(["serum"]);
    expect(queryWords("a b c d e f g h i j k")).toHaveLength(8);
    expect(queryWords(`${"x".repeat(41)} rose`)).toEqual(["rose"]);
  });

  it("quotes every word of a MATCH expression and makes the last a prefix", () => {
    expect(matchExpression(["rose", "ritual"], "all")).toBe('"rose" "ritual"*');
    expect(matchExpression(["rose", "ritual"], "any")).toBe('"rose" OR "ritual"*');
    expect(matchExpression(["rose", "c"], "all")).toBe('"rose" "c"');
    expect(matchExpression(['a"b'], "all", false)).toBe('"ab"');
  });

  it("measures one edit: a letter missing, extra, wrong, or two swapped", () => {
    expect(editDistance("vitamn", "vitamin")).toBe(1);
    expect(editDistance("mascra", "mascara")).toBe(1);
    expect(editDistance("vitamni", "vitamin")).toBe(1);
    expect(editDistance("serum", "serum")).toBe(0);
    expect(editDistance("midnite", "midnight")).toBe(2);
    expect(editDistance("rose", "roses-and-more")).toBe(2);
  });
});
