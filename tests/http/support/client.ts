import { SESSION_COOKIE } from "@courts/adapters";

export interface Answer<T> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface RequestOptions {
  readonly json?: unknown;
  readonly body?: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
}

/** fetch over real HTTP with a one-cookie jar (the session), like a browser tab. */
export class Client {
  private cookie: string | undefined;

  constructor(
    readonly baseUrl: string,
    cookie?: string,
  ) {
    this.cookie = cookie;
  }

  /** the session cookie's value, or undefined */
  get session(): string | undefined {
    return this.cookie;
  }

  /** A second tab sharing this session, on (possibly) another server. */
  fork(baseUrl = this.baseUrl): Client {
    return new Client(baseUrl, this.cookie);
  }

  async request<T = Record<string, unknown>>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    // a copy on its own ArrayBuffer is what fetch's BodyInit type accepts
    const payload = body === undefined || typeof body === "string" ? body : new Uint8Array(body);
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name?.trim() !== SESSION_COOKIE) continue;
      const cleared = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a)) || value.join("=") === "";
      this.cookie = cleared ? undefined : value.join("=");
    }
    const text = method === "HEAD" ? "" : await response.text();
    let parsed: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("application/json") && text !== "") parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }
  post<T = Record<string, unknown>>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("POST", path, json === undefined ? options : { ...options, json });
  }
  put<T = Record<string, unknown>>(path: string, json?: unknown) {
    return this.request<T>("PUT", path, json === undefined ? {} : { json });
  }
  patch<T = Record<string, unknown>>(path: string, json?: unknown) {
    return this.request<T>("PATCH", path, json === undefined ? {} : { json });
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.request<T>("DELETE", path);
  }
}
