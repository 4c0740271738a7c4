/**
 * HTML built with a tagged template: every interpolated value is escaped unless it is itself
 * built by `html` (a SafeHtml), so what a player typed (a name, a cancellation reason) can
 * never become markup in someone else's mail.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

type Part = SafeHtml | string | number | null | undefined | readonly Part[];

const render = (part: Part): string => {
  if (part === null || part === undefined) return "";
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join("");
  return escapeHtml(String(part));
};

export const html = (strings: TemplateStringsArray, ...values: Part[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ""), ""));
