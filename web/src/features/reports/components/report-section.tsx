import { useId, useState, type ReactNode } from "react";
import { FileSpreadsheet, Table2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { downloadText, toCsv, type CsvValue } from "../../../lib/csv";

export interface CsvExport {
  readonly fileName: string;
  readonly headers: readonly string[];
  readonly rows: () => ReadonlyArray<readonly CsvValue[]>;
}

/**
 * One report: its title, a chart, the table with the chart's numbers and a CSV of them. The
 * table is always in the page for screen readers; 'Ver tabla' shows it to everyone.
 */
export function ReportSection({
  title,
  description,
  chart,
  table,
  csv,
  icon,
  wide = false,
}: {
  title: string;
  description?: ReactNode;
  /** none: the table is the report (it is shown, with no toggle) */
  chart?: ReactNode;
  table?: ReactNode;
  /** none while there is nothing to export */
  csv?: CsvExport | undefined;
  icon?: ReactNode;
  /** a table wider than a phone (the revenue's seven columns): a phone is told it scrolls */
  wide?: boolean;
}) {
  const headingId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  const shown = tableShown || chart === undefined;
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle id={headingId} className="flex items-center gap-2">
            {icon}
            {title}
          </CardTitle>
          {description && <CardDescription className="mt-1">{description}</CardDescription>}
        </div>
        <div className="flex flex-wrap gap-2">
          {chart !== undefined && table !== undefined && (
            <Button variant="outline" size="sm" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((s) => !s)}>
              <Table2 aria-hidden="true" className="h-4 w-4" /> {tableShown ? "Ocultar tabla" : "Ver tabla"}
            </Button>
          )}
          {csv && (
            <Button
              variant="outline"
              size="sm"
              aria-label={`Descargar CSV: ${title}`}
              onClick={() => downloadText(csv.fileName, toCsv(csv.headers, csv.rows()))}
            >
              <FileSpreadsheet aria-hidden="true" className="h-4 w-4" /> Descargar CSV
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {chart}
        {table !== undefined && (
          <>
            {shown && wide && <p className="text-xs text-stone-600 sm:hidden">Desliza la tabla hacia la izquierda para ver todas sus columnas.</p>}
            {/* shown, it scrolls sideways inside the card on a phone, not the page, and takes the keyboard's focus to do so */}
            <div
              id={tableId}
              {...(shown
                ? {
                    role: "region",
                    "aria-label": `Tabla: ${title}`,
                    tabIndex: 0,
                    className: "overflow-x-auto rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ball-400",
                  }
                : { className: "sr-only" })}
            >
              {table}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
