import { describe, expect, it } from "vitest";
import { clipText } from "../../shared/clip-text";
import { fetchWorker } from "./fetch";

describe("clipText", () => {
  it("leaves a text that fits as it is", () => {
    expect(clipText("Rose water toner", 40)).toBe("Rose water toner");
    expect(clipText("abcde", 5)).toBe("abcde");
  });

  it("cuts English on a word boundary with an ellipsis, within the length", () => {
    const text = "A light daily moisturiser with rose water and hyaluronic acid, for skin that feels the heat.";
    const clipped = clipText(text, 40);
    expect(clipped).toBe("A light daily moisturiser with rose…");
    expect([...clipped].length).toBeLessThanOrEqual(40);
    // A comma left at the cut goes before the ellipsis.
    expect(clipText(text, 64)).toBe("A light daily moisturiser with rose water and hyaluronic acid…");
  });

  it("keeps the last word whole when the cut falls right after it", () => {
    expect(clipText("one two three four", 8)).toBe("one two…");
  });

  it("cuts Arabic on a word boundary, dropping an Arabic comma left at the cut", () => {
    const text = "مرطب يومي خفيف بماء الورد وحمض الهيالورونيك، لبشرة تشعر بالحرارة في الصيف.";
    const clipped = clipText(text, 46);
    expect(clipped).toBe("مرطب يومي خفيف بماء الورد وحمض الهيالورونيك…");
    expect(text.startsWith(clipped.slice(0, -1))).toBe(true);
    expect(clipText(text, 20)).toBe("مرطب يومي خفيف بماء…");
  });

  it("cuts a text with no spaces between characters, never splitting an accent or an emoji", () => {
    expect(clipText("Supercalifragilisticexpialidocious", 10)).toBe("Supercali…");
    // "é" written as e + a combining accent stays one character; so does an emoji's surrogate pair.
    expect(clipText("cafe\u0301cafe\u0301cafe\u0301", 6)).toBe("cafe\u0301c…");
    expect(clipText("🌹🌹🌹🌹🌹🌹", 4)).toBe("🌹🌹🌹…");
  });
});

const metaDescription = (html: string) =>
  html
    .match(/<meta name="description" content="([^"]*)"/)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"') ?? "";

describe("products' meta descriptions", () => {
  it("are cut between words with an ellipsis, in English and in Arabic", async () => {
    const xml = await (await fetchWorker("/sitemaps/products-1.xml")).text();
    const paths = [...xml.matchAll(/<loc>https:\/\/shop\.example(\/catalog\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(20);
    let clipped = 0;
    for (const path of paths.slice(0, 8)) {
      for (const page of [path, `/ar${path}`]) {
        const html = await (await fetchWorker(page)).text();
        const description = metaDescription(html);
        expect(description, page).not.toBe("");
        if (!description.endsWith("…")) continue;
        clipped++;
        // The word before the ellipsis is whole: the product's text has it followed by a space or a stop.
        const lastWord = description.slice(0, -1).split(" ").pop()!;
        const text = html
          .replace(/<[^>]+>/g, " ")
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'");
        expect(text, `${page}: "${description}"`).toMatch(
          new RegExp(`${lastWord.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[\\s,.;:،؛!?)]`),
        );
      }
    }
    expect(clipped).toBeGreaterThan(0);
  }, 60_000);
});
