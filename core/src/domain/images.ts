import type { ImageType } from "./entities.js";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES: readonly ImageType[] = ["image/jpeg", "image/png", "image/webp"];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type that the bytes really hold (magic numbers), whatever the declared type says. */
export const sniffImageType = (bytes: Uint8Array): ImageType | undefined => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
};

/**
 * Where a venue's or court's picture comes from (SPEC.md section 3):
 * inline `data:` wins; a `data:`, `http://` or `https://` value is used as is; a value
 * starting with "/" was a cloud-bucket path in the original product: we have no bucket, so it
 * is read as a same-origin path; any other value is an image id served by /api/images/{id};
 * nothing means no image (the screen shows its fallback).
 */
export interface ImageFields {
  imageData?: string | null;
  imageUrl?: string | null;
}

const isUsableAsIs = (value: string) => /^(data:|https?:\/\/)/i.test(value);

export const imageSrc = ({ imageData, imageUrl }: ImageFields): string | undefined => {
  const data = imageData?.trim();
  if (data && data.startsWith("data:")) return data;
  // The uploaded image (imageData) is newer than a URL typed when the venue was created.
  const value = data || imageUrl?.trim();
  if (!value) return undefined;
  if (isUsableAsIs(value)) return value;
  if (value.startsWith("/")) return `/${value.replace(/^\/+/, "")}`;
  return `/api/images/${encodeURIComponent(value)}`;
};
