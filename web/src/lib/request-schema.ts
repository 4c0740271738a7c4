import { Either, ParseResult, Schema } from "effect";

/** A form's values checked by the core's request schema: the body to send, or one message per field. */
export type Checked<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly problems: Readonly<Partial<Record<string, string>>>; readonly first: string };

/**
 * Decodes like the server does (every issue, unknown fields ignored), so a form states no rule
 * of its own: lengths, formats, money and codes read the same Spanish message the API answers.
 */
export const checkRequest = <A, I>(schema: Schema.Schema<A, I, never>, input: unknown): Checked<A> => {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return { ok: true, value: result.right };
  const issues = ParseResult.ArrayFormatter.formatErrorSync(result.left);
  const problems: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : "";
    problems[field] ??= issue.message;
  }
  return { ok: false, problems, first: issues[0]?.message ?? "Petición inválida" };
};
