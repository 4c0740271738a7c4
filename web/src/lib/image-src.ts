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
