/**
 * The one HTTP helper (SPEC.md section 7 and 8): every call sends cookies; a body goes as JSON
 * with a JSON content type only when there is one; any non-OK answer becomes an error whose
 * message is "<status>: <body text or status text>". It never shows toasts nor navigates:
 * screens decide what a person sees.
 */

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The server's `{ message }` for a person, when the body carried one. */
  readonly serverMessage: string | undefined;
  /** The server's failure tag (`SLOT_TAKEN`, ...), when the body carried one. */
  readonly code: string | undefined;
  /** The request field the failure is about (`phone`, `password`), when the body named one. */
  readonly field: string | undefined;

  constructor(
    readonly status: number,
    statusText: string,
    readonly body: string,
  ) {
    super(`${status}: ${body || statusText}`);
    const parsed = parseErrorBody(body);
    this.serverMessage = parsed.message;
    this.code = parsed.code;
    this.field = parsed.field;
  }
}

/** fetch itself failed: no answer from the server (offline, DNS, refused). */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const parseErrorBody = (body: string): { message?: string; code?: string; field?: string } => {
  if (!body) return {};
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === "object") {
      const { message, code, field } = value as Record<string, unknown>;
      return {
        ...(typeof message === "string" && message ? { message } : {}),
        ...(typeof code === "string" ? { code } : {}),
        ...(typeof field === "string" ? { field } : {}),
      };
    }
  } catch {
    // a plain-text body is still the error message's tail; nothing more to read
  }
  return {};
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is with its own content type (image upload). */
  raw?: { body: Blob | ArrayBuffer; contentType: string };
  signal?: AbortSignal;
}

/** Sends the request and returns the OK response; throws ApiError or NetworkError otherwise. */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.raw) {
    headers["Content-Type"] = options.raw.contentType;
    body = options.raw.body;
  }
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body === undefined ? "GET" : "POST"),
      credentials: "include",
      headers,
      ...(body === undefined ? {} : { body }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
}

/** JSON call: the parsed body, or undefined for an empty answer (204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One page of a per-player list: the array answer, and the total over all pages from X-Total-Count. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function apiPage<T>(path: string): Promise<ListPage<T>> {
  const response = await request(path);
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get("x-total-count") ?? items.length);
  return { items, total: Number.isFinite(total) ? total : items.length };
}

/** SWR fetcher: the cache key is the GET path. */
export const fetcher = <T>(path: string): Promise<T> => api<T>(path);

export const NETWORK_FAILURE_TEXT = "No se pudo conectar con el servidor";

/**
 * What a toast says about a failure: the server's message when it sent one, the network text
 * when the server could not be reached, the screen's fallback otherwise.
 */
export const describeError = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof NetworkError) return NETWORK_FAILURE_TEXT;
  return fallback;
};

export const isStatus = (error: unknown, ...statuses: number[]): error is ApiError =>
  error instanceof ApiError && statuses.includes(error.status);
