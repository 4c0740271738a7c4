/** Where a text stops being JSON, as a person finds it in an editor. */
export interface JsonErrorPlace {
  /** 1-based */
  readonly line: number;
  /** 1-based, in characters of that line */
  readonly column: number;
  /** the text ended while a value was still open */
  readonly atEnd: boolean;
}

class Stop {
  constructor(readonly offset: number) {}
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/**
 * The offset of the first character of `text` that cannot continue JSON (RFC 8259, as JSON.parse
 * reads it), `text.length` when the text ends too soon, or -1 when `text` is JSON. JSON.parse says
 * where only in some of its English messages; this says it for every text, so the message can be
 * Spanish (the seed file's).
 */
export const jsonErrorOffset = (text: string): number => {
  let i = 0;
  const skipWhitespace = () => {
    while (WHITESPACE.has(text[i]!)) i++;
  };
  const expect = (word: string) => {
    for (const c of word) {
      if (text[i] !== c) throw new Stop(i);
      i++;
    }
  };
  const digits = () => {
    if (!isDigit(text[i])) throw new Stop(i);
    while (isDigit(text[i])) i++;
  };
  const number = () => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else digits();
    if (text[i] === ".") {
      i++;
      digits();
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      digits();
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      const c = text[i];
      if (c === undefined || c < " ") throw new Stop(i);
      i++;
      if (c === '"') return;
      if (c !== "\\") continue;
      const escaped = text[i];
      if (escaped === "u") {
        i++;
        for (let k = 0; k < 4; k++, i++) if (!isHex(text[i])) throw new Stop(i);
      } else if (escaped !== undefined && ESCAPES.has(escaped)) i++;
      else throw new Stop(i);
    }
  };
  const members = (close: "}" | "]", member: () => void) => {
    i++; // the opening bracket
    skipWhitespace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      skipWhitespace();
      if (text[i] === close) {
        i++;
        return;
      }
      if (text[i] !== ",") throw new Stop(i);
      i++;
    }
  };
  const value = (): void => {
    skipWhitespace();
    const c = text[i];
    if (c === "{")
      return members("}", () => {
        skipWhitespace();
        if (text[i] !== '"') throw new Stop(i);
        string();
        skipWhitespace();
        if (text[i] !== ":") throw new Stop(i);
        i++;
        value();
      });
    if (c === "[") return members("]", value);
    if (c === '"') return string();
    if (c === "t") return expect("true");
    if (c === "f") return expect("false");
    if (c === "n") return expect("null");
    if (c === "-" || isDigit(c)) return number();
    throw new Stop(i);
  };
  try {
    value();
    skipWhitespace();
    return i === text.length ? -1 : i;
  } catch (stop) {
    if (stop instanceof Stop) return Math.min(stop.offset, text.length);
    throw stop;
  }
};

/** The line and column of jsonErrorOffset, or null when `text` is JSON. */
export const jsonErrorPlace = (text: string): JsonErrorPlace | null => {
  const offset = jsonErrorOffset(text);
  if (offset < 0) return null;
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1, atEnd: offset === text.length };
};
