import { expect, it } from "vitest";
import { anImage } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";

export const imageRepositoryContract = (subject: () => Subject): void => {
  const images = () => subject().repos.images;

  it("when an image is saved, then the same bytes and type are found by id", async () => {
    const bytes = new Uint8Array(256 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31) % 256;
    const image = anImage({ contentType: "image/webp", bytes });
    await images().save(image);
    const found = await images().find(image.id);
    expect(found).toMatchObject({ id: image.id, contentType: "image/webp", createdAt: image.createdAt });
    expect(Buffer.from(found!.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it("when the id is unknown, then find answers undefined", async () => {
    expect(await images().find("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
  });
};
