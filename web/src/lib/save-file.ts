import { request } from "./api-client";

/** Hands `blob` to the browser as a file named `fileName`: a link clicked, its object URL let go once the click has handed it over. */
export const saveBlob = (fileName: string, blob: Blob) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** GET `path` as a file the browser saves, named as the server names it (Content-Disposition), else `fallbackName`. */
export const downloadFile = async (path: string, fallbackName: string) => {
  const response = await request(path);
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  saveBlob(named?.[1] ?? fallbackName, await response.blob());
};
