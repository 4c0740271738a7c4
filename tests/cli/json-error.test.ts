import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorOffset, jsonErrorPlace } from "../../cli/src/support/json-error.js";

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** JSON.parse's own offset, where its message gives one ("... in JSON at position 7"). */
const parseOffset = (text: string): number | undefined => {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const match = /at position (\d+)/.exec((error as Error).message);
    return match ? Number(match[1]) : undefined;
  }
};

/** JSON text, then mangled: a character dropped, doubled or replaced by one JSON gives meaning to. */
const mangledJson = fc
  .tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.constantFrom("drop", "double", "replace"), fc.constantFrom(",", "}", "]", '"', ":", "\\", "x", "0", "-", " ", "\n", "\u0001"))
  .map(([text, at, how, c]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (how === "drop") return text.slice(0, i) + text.slice(i + 1);
    if (how === "double") return text.slice(0, i) + text[i] + text.slice(i);
    return text.slice(0, i) + c + text.slice(i + 1);
  });

describe("where a seed file stops being JSON", () => {
  it("says JSON exactly when JSON.parse takes the text, for JSON, mangled JSON and any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), mangledJson, fc.string(), fc.jsonValue().map((v) => JSON.stringify(v, null, 2))), (text) => {
        expect(jsonErrorOffset(text) === -1).toBe(parses(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("stops where JSON.parse stops, whenever JSON.parse says where", () => {
    let compared = 0;
    fc.assert(
      fc.property(mangledJson, (text) => {
        const expected = parseOffset(text);
        if (expected === undefined) return;
        compared++;
        expect(jsonErrorOffset(text)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    expect(compared).toBeGreaterThan(500);
  });

  it("gives the line and column a person finds in an editor, and says when the text ends too soon", () => {
    expect(jsonErrorPlace('{\n  "venues": [\n    { "name": "Club" },\n  ]\n}')).toEqual({ line: 4, column: 3, atEnd: false });
    expect(jsonErrorPlace('{ "venues": [')).toEqual({ line: 1, column: 14, atEnd: true });
    expect(jsonErrorPlace("{ 'venues': [] }")).toEqual({ line: 1, column: 3, atEnd: false });
    expect(jsonErrorPlace('{ "venues": [] }\n')).toBeNull();
  });
});
