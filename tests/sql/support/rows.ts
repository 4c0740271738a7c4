import type { Row } from "@courts/adapters/sql/sql-client";

/** An integer column of a raw test query (PostgreSQL answers count(*) as a string). */
export const int = (row: Row, column: string): number => Number(row[column]);
