export type Align = "left" | "right";

export interface Column<Row> {
  readonly header: string;
  readonly value: (row: Row) => string;
  readonly align?: Align;
}

const width = (text: string) => [...text].length;

const fit = (text: string, size: number, align: Align) => {
  const gap = " ".repeat(Math.max(size - width(text), 0));
  return align === "right" ? gap + text : text + gap;
};

/** Columns aligned with two spaces between them, a rule under the headers, no trailing blanks. */
export const renderTable = <Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string => {
  const cells = rows.map((row) => columns.map((c) => c.value(row)));
  const sizes = columns.map((c, i) => Math.max(width(c.header), ...cells.map((r) => width(r[i] ?? ""))));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => fit(v, sizes[i] ?? 0, columns[i]?.align ?? "left"))
      .join("  ")
      .trimEnd();
  return [line(columns.map((c) => c.header)), line(sizes.map((s) => "-".repeat(s))), ...cells.map(line)].join("\n");
};
