import { useState, type ReactNode } from "react";
import { Button } from "./button";
import { ErrorNotice } from "./empty-state";
import { Spinner } from "./spinner";

/** One page of a list that grows with history (DESIGN.md section 11): its items and the total over all pages. */
export interface ListPageAnswer<T> {
  items: T[];
  total: number;
}

export const LOAD_MORE_TEXT = "Ver más";

/** "12 de 40 pagos" and 'Ver más' while something is left to show. */
export function LoadMore({ shown, total, noun, onMore }: { shown: number; total: number; noun: string; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="text-sm text-stone-600">
        {shown} de {total} {noun}
      </p>
      <Button variant="outline" onClick={onMore}>
        {LOAD_MORE_TEXT}
      </Button>
    </div>
  );
}

interface PagedListProps<T> {
  /** the SWR hook of one page */
  readonly usePage: (page: number) => { data?: ListPageAnswer<T> | undefined; error?: unknown };
  readonly pageSize: number;
  readonly itemKey: (item: T) => string;
  readonly renderItem: (item: T) => ReactNode;
  /** what the list holds, in the plural: "pagos", "reservas" */
  readonly noun: string;
  readonly listClassName: string;
  /** what a person sees when there is nothing yet */
  readonly empty: ReactNode;
  /** when the first page cannot be read */
  readonly errorText: string;
}

type PageProps<T> = Pick<PagedListProps<T>, "usePage" | "itemKey" | "renderItem" | "noun"> & { readonly page: number };

function PageItems<T>({ page, usePage, itemKey, renderItem, noun }: PageProps<T>) {
  const { data, error } = usePage(page);
  if (error)
    return (
      <li className="col-span-full">
        <ErrorNotice>No se pudieron cargar más {noun}. Intenta de nuevo más tarde.</ErrorNotice>
      </li>
    );
  if (!data)
    return (
      <li className="col-span-full">
        <Spinner label={`Cargando ${noun}...`} />
      </li>
    );
  return (
    <>
      {data.items.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </>
  );
}

/**
 * The first page (with its loading, error and empty states), then one more page per 'Ver más'.
 * Each page keeps its own cache key, so a write that revalidates the list refreshes every page shown.
 */
export function PagedList<T>({ pageSize, listClassName, empty, errorText, ...page }: PagedListProps<T>) {
  const [pages, setPages] = useState(1);
  const first = page.usePage(1);
  if (first.error) return <ErrorNotice>{errorText}</ErrorNotice>;
  if (!first.data) return <Spinner label={`Cargando ${page.noun}...`} />;
  const total = first.data.total;
  if (total === 0) return <>{empty}</>;
  const shownPages = Math.min(pages, Math.max(1, Math.ceil(total / pageSize)));
  return (
    <>
      <ul className={listClassName}>
        {Array.from({ length: shownPages }, (_, i) => (
          <PageItems key={i + 1} page={i + 1} {...page} />
        ))}
      </ul>
      <LoadMore shown={Math.min(total, shownPages * pageSize)} total={total} noun={page.noun} onMore={() => setPages(shownPages + 1)} />
    </>
  );
}
