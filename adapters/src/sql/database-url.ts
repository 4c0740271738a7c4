export type Engine = "sqlite" | "postgresql";

export type DatabaseTarget =
  | { readonly engine: "sqlite"; readonly path: string }
  | { readonly engine: "postgresql"; readonly url: string };

export const DEFAULT_DATABASE_URL = "sqlite:./data/courts.sqlite";

/**
 * `sqlite:<path>` (`sqlite::memory:` for a throwaway database, `sqlite:///abs/path` also read),
 * `postgres://...` or `postgresql://...`. Anything else is a configuration mistake, said loudly.
 */
export const parseDatabaseUrl = (url: string): DatabaseTarget => {
  const text = url.trim();
  if (/^postgres(ql)?:\/\//i.test(text)) return { engine: "postgresql", url: text };
  if (/^sqlite:/i.test(text)) {
    let path = text.slice("sqlite:".length);
    if (path.startsWith("//")) path = path.slice(2);
    if (path === "") throw new Error(`DATABASE_URL "${url}" names no SQLite file: use sqlite:./data/courts.sqlite`);
    return { engine: "sqlite", path };
  }
  throw new Error(
    `DATABASE_URL "${url}" is not supported: use sqlite:<path> (e.g. ${DEFAULT_DATABASE_URL}) or postgres://user@host:5432/db`,
  );
};
