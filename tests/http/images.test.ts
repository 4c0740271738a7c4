import { beforeAll, expect, it } from "vitest";
import { Client } from "./support/client.js";
import { adminClient, newPlayer, PNG_BYTES } from "./support/fixtures.js";
import { describeOnEngines } from "./support/server.js";

const MiB = 1024 * 1024;
const TOO_LARGE = { message: "El archivo es muy grande. Máximo 10MB", code: "IMAGE_TOO_LARGE" };
const WRONG_TYPE = { message: "Formato no soportado. Usa JPG, PNG o WebP", code: "UNSUPPORTED_IMAGE" };

/** Real PNG magic followed by padding up to `size` bytes (the server sniffs, it does not decode). */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES.subarray(0, Math.min(PNG_BYTES.length, size)));
  return bytes;
};

const JPEG_MAGIC = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
const WEBP_MAGIC = new Uint8Array([0x52, 0x49, 0x46, 0x46, 36, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

describeOnEngines("image upload and serving", (server) => {
  let admin: Client;
  const upload = (body: Uint8Array | string, contentType: string, client: Client = admin) =>
    client.request<{ imageData: string; imageUrl: string }>("POST", "/api/objects/upload-image", { body, headers: { "content-type": contentType } });

  beforeAll(async () => {
    admin = await adminClient(server());
  });

  it.each([
    ["image/png", PNG_BYTES],
    ["image/jpeg", JPEG_MAGIC],
    ["image/webp", WEBP_MAGIC],
  ] as const)("when an admin uploads %s, then 201 and it is served with long caching", async (type, bytes) => {
    const answer = await upload(bytes, type);
    expect(answer.status).toBe(201);
    expect(answer.body.imageUrl).toBe(`/api/images/${answer.body.imageData}`);

    const guest = new Client(server().baseUrl);
    const image = await guest.get(answer.body.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe(type);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = image.headers.get("etag");
    expect(etag).toBeTruthy();
    const raw = await fetch(`${server().baseUrl}${answer.body.imageUrl}`);
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(bytes);

    const again = await guest.get(answer.body.imageUrl, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("when PNG bytes are declared as image/jpeg, then 415", async () => {
    const answer = await upload(PNG_BYTES, "image/jpeg");
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(WRONG_TYPE);
  });

  it("when the bytes are no image at all, then 415", async () => {
    expect((await upload(new TextEncoder().encode("<svg onload=alert(1)>"), "image/png")).status).toBe(415);
  });

  it.each(["image/gif", "image/svg+xml", "text/plain", "application/octet-stream"])("when the type is %s, then 415", async (type) => {
    const answer = await upload(PNG_BYTES, type);
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(WRONG_TYPE);
  });

  it("when the body is JSON, then 415", async () => {
    expect((await admin.post("/api/objects/upload-image", { imageData: "x" })).status).toBe(415);
  });

  it("when the image is exactly 10 MiB, then it is accepted", async () => {
    expect((await upload(pngOfSize(10 * MiB), "image/png")).status).toBe(201);
  });

  it("when the image is 10 MiB + 1 byte, then 413 with the Spanish message", async () => {
    const answer = await upload(pngOfSize(10 * MiB + 1), "image/png");
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
  });

  it("when a guest or a player uploads, then 401 / 403 before the body is read", async () => {
    expect((await upload(pngOfSize(11 * MiB), "image/png", new Client(server().baseUrl))).status).toBe(401);
    const { client } = await newPlayer(server());
    expect((await upload(PNG_BYTES, "image/png", client)).status).toBe(403);
  });

  it("when a venue image is set from a data: URL, then it is stored and served from /api/images", async () => {
    const venue = await admin.post<{ id: string }>("/api/venues", { name: "Club de la Imagen", location: "Riobamba" });
    const dataUrl = `data:image/png;base64,${Buffer.from(PNG_BYTES).toString("base64")}`;
    const updated = await admin.put<{ imageData: string }>(`/api/venues/${venue.body.id}/image`, { imageData: dataUrl });
    expect(updated.status).toBe(200);
    expect(updated.body.imageData).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await new Client(server().baseUrl).get(`/api/images/${updated.body.imageData}`)).status).toBe(200);
  });

  it("when imageData names no uploaded image, then 404", async () => {
    const venue = await admin.post<{ id: string }>("/api/venues", { name: "Club Sin Imagen", location: "Ibarra" });
    const answer = await admin.put(`/api/venues/${venue.body.id}/image`, { imageData: "no-existe" });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "IMAGE_NOT_FOUND" });
  });
});
