import { Either, ParseResult, Schema } from "effect";

/** A form's values checked by the core's request schema: the body to send, or one message per field. */
export type Checked<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly problems: Readonly<Partial<Record<string, string>>>; readonly first: string };

/** The API names a field as in its body ('daySinglesPrice'); a person reads the form's label («Día · Singles»). */
export const withLabels = (message: string, labels: Readonly<Record<string, string>>): string =>
  message.replace(/'([A-Za-z]+)'/g, (quoted, field: string) => (labels[field] === undefined ? quoted : `«${labels[field]}»`));

/**
 * Decodes like the server does (every issue, unknown fields ignored), so a form states no rule
 * of its own: lengths, formats, money and codes read the same Spanish message the API answers,
 * with each field named by the label the form shows for it.
 */
export const checkRequest = <A, I>(schema: Schema.Schema<A, I, never>, input: unknown, labels: Readonly<Record<string, string>> = {}): Checked<A> => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return { ok: true, value: result.right };
  const issues = ParseResult.ArrayFormatter.formatErrorSync(result.left);
  const problems: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "";
    problems[field] ??= withLabels(issue.message, labels);
  }
  return { ok: false, problems, first: issues[0] ? withLabels(issues[0].message, labels) : "Petición inválida" };
};
