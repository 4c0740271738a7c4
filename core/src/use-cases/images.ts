import * as Effect from "effect/Effect";
import type { ImageType, StoredImage } from "../domain/entities.js";
import { ImageNotFound, ImageTooLarge, InvalidInput, UnsupportedImage } from "../domain/errors.js";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImageType } from "../domain/images.js";
import type { Ports } from "../ports/index.js";
import type { ImageBody } from "../schemas/requests.js";
import type { Actor } from "./support.js";
import { call, callOr, requireAdmin } from "./support.js";

const TOO_LARGE = "El archivo es muy grande. Máximo 10MB";
const WRONG_TYPE = "Formato no soportado. Usa JPG, PNG o WebP";

/** Stores raw image bytes whose real type (magic numbers) is the declared one. Returns the image id. */
export const uploadImage = (
  ports: Pick<Ports, "images" | "ids" | "clock">,
  actor: Actor,
  input: { contentType: string; bytes: Uint8Array },
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    if (input.bytes.length > MAX_IMAGE_BYTES) return yield* Effect.fail(new ImageTooLarge({ message: TOO_LARGE }));
    if (input.bytes.length === 0) return yield* Effect.fail(new InvalidInput({ field: "body", message: "La imagen está vacía" }));
    const declared = input.contentType.split(";")[0]?.trim().toLowerCase() as ImageType;
    const sniffed = sniffImageType(input.bytes);
    if (!IMAGE_TYPES.includes(declared) || sniffed !== declared)
      return yield* Effect.fail(new UnsupportedImage({ message: WRONG_TYPE }));
    const image: StoredImage = { id: ports.ids.uuid(), contentType: sniffed, bytes: input.bytes, createdAt: ports.clock.now() };
    yield* call(() => ports.images.save(image));
    return image;
  });

const imageNotFound = () => new ImageNotFound({ message: "Imagen no encontrada" });

export const getImage = (ports: Pick<Ports, "images">, id: string) => callOr(() => ports.images.find(id), imageNotFound);

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/=\s]+)$/;

const base64Bytes = (text: string): Uint8Array => {
  const binary = atob(text.replace(/\s/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/**
 * What an entity's imageData may be set to: the id of an uploaded image (what the upload call
 * returns), or an inline data: URL, which is stored as an image and replaced by its id, so rows
 * stay small and every image is served with caching from /api/images/{id}.
 */
export const resolveImageData = (ports: Pick<Ports, "images" | "ids" | "clock">, actor: Actor, imageData: string) =>
  Effect.gen(function* () {
    if (imageData.startsWith("data:")) {
      const match = DATA_URL.exec(imageData);
      if (!match) return yield* Effect.fail(new UnsupportedImage({ message: WRONG_TYPE }));
      let bytes: Uint8Array;
      try {
        bytes = base64Bytes(match[2] ?? "");
      } catch {
        return yield* Effect.fail(new InvalidInput({ field: "imageData", message: "El campo 'imageData' no es una imagen válida" }));
      }
      const image = yield* uploadImage(ports, actor, { contentType: match[1] ?? "", bytes });
      return image.id;
    }
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(imageData))
      return yield* Effect.fail(new InvalidInput({ field: "imageData", message: "El campo 'imageData' debe ser el id de una imagen subida" }));
    const image = yield* callOr(() => ports.images.find(imageData), imageNotFound);
    return image.id;
  });

/**
 * An admin sets a venue's or a court's image: the target must exist before an inline image is
 * stored, and still exist when its row is written.
 */
export const setImageOf = <T, E>(
  ports: Pick<Ports, "images" | "ids" | "clock">,
  actor: Actor,
  input: ImageBody,
  target: { readonly find: () => Promise<unknown>; readonly set: (imageData: string) => Promise<T | undefined>; readonly missing: () => E },
) =>
  Effect.gen(function* () {
    yield* requireAdmin(actor);
    yield* callOr(target.find, target.missing);
    const imageData = yield* resolveImageData(ports, actor, input.imageData);
    return yield* callOr(() => target.set(imageData), target.missing);
  });
