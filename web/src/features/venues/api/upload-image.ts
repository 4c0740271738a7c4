import type { UploadedImageAnswer } from "@courts/core";
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from "@courts/core";
import { api } from "../../../lib/api-client";

/** POST /api/objects/upload-image: raw bytes with the file's own content type -> { imageData }. */
export const uploadImage = (file: File) =>
  api<UploadedImageAnswer>("/api/objects/upload-image", {
    method: "POST",
    raw: { body: file, contentType: file.type },
  });

export const IMAGE_TOO_LARGE_TEXT = "El archivo es muy grande. Máximo 10MB";
export const IMAGE_WRONG_TYPE_TEXT = "Formato no soportado. Usa JPG, PNG o WebP";
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** The client-side check before sending (SPEC.md section 5): at most 10MB, JPG/PNG/WebP. */
export const imageFileProblem = (file: Pick<File, "size" | "type">): string | undefined => {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_TEXT;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_WRONG_TYPE_TEXT;
  return undefined;
};
