import { describe, expect, it, vi } from "vitest";
import { api, ApiError, describeError, NetworkError, NETWORK_FAILURE_TEXT, request } from "./api-client";

const respond = (status: number, body: string, statusText = "") =>
  vi.fn().mockResolvedValue(new Response(body || null, { status, statusText }));

describe("api-client (SPEC.md sections 7 and 8)", () => {
  it("when the answer is not OK, then the message is '<status>: <body text>' and the server message is exposed", async () => {
    const body = JSON.stringify({ message: "El horario ya está reservado", code: "SLOT_TAKEN" });
    vi.stubGlobal("fetch", respond(409, body, "Conflict"));
    const error = await api("/api/bookings", { method: "POST", json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`409: ${body}`);
    expect(apiError.status).toBe(409);
    expect(apiError.serverMessage).toBe("El horario ya está reservado");
    expect(apiError.code).toBe("SLOT_TAKEN");
    expect(describeError(apiError, "fallback")).toBe("El horario ya está reservado");
  });

  it("when the error body is empty, then the message uses the status text", async () => {
    vi.stubGlobal("fetch", respond(500, "", "Internal Server Error"));
    await expect(api("/api/venues")).rejects.toThrow("500: Internal Server Error");
  });

  it("when the error body is plain text, then it is the message tail and there is no server message", async () => {
    vi.stubGlobal("fetch", respond(502, "Bad gateway upstream", "Bad Gateway"));
    const error = (await api("/api/venues").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("502: Bad gateway upstream");
    expect(error.serverMessage).toBeUndefined();
    expect(describeError(error, "No se pudo")).toBe("No se pudo");
  });

  it("when a JSON body is given, then it is sent with a JSON content type and cookies", async () => {
    const fetchMock = respond(201, JSON.stringify({ id: "b1" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/api/bookings", { method: "POST", json: { a: 1 } })).resolves.toEqual({ id: "b1" });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe("include");
    expect(init.method).toBe("POST");
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(init.body).toBe('{"a":1}');
  });

  it("when there is no body, then no content type is sent and GET is the default", async () => {
    const fetchMock = respond(200, "[]");
    vi.stubGlobal("fetch", fetchMock);
    await api("/api/venues");
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe("/api/venues");
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(init.headers).toEqual({});
    expect(init.body).toBeUndefined();
  });

  it("when the answer is 204, then the result is undefined", async () => {
    vi.stubGlobal("fetch", respond(204, ""));
    await expect(api("/api/venues/1", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("when raw bytes are sent, then their own content type is used", async () => {
    const fetchMock = respond(201, JSON.stringify({ imageData: "img" }));
    vi.stubGlobal("fetch", fetchMock);
    const blob = new Blob([new Uint8Array([1, 2])], { type: "image/png" });
    await request("/api/objects/upload-image", { method: "POST", raw: { body: blob, contentType: "image/png" } });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toEqual({ "Content-Type": "image/png" });
    expect(init.body).toBe(blob);
  });

  it("when the server cannot be reached, then a NetworkError says so in Spanish", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    const error = await api("/api/venues").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(describeError(error, "x")).toBe(NETWORK_FAILURE_TEXT);
    expect(NETWORK_FAILURE_TEXT).toBe("No se pudo conectar con el servidor");
  });
});
