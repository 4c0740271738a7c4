import { useState } from "react";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { imageFileProblem, uploadImage } from "../api/upload-image";

/**
 * Image upload for a venue or a court: checked here first (10MB, JPG/PNG/WebP), sent as raw
 * bytes, then attached with PUT .../image { imageData }.
 */
export function useImageUpload() {
  const [pending, setPending] = useState(false);
  const upload = async (file: File, attach: (imageData: string) => Promise<unknown>) => {
    const problem = imageFileProblem(file);
    if (problem) {
      toastError("Error", problem);
      return;
    }
    setPending(true);
    try {
      let imageData: string;
      try {
        ({ imageData } = await uploadImage(file));
      } catch (error) {
        toastError("Error al subir la imagen", describeError(error, "No se pudo subir la imagen"));
        return;
      }
      try {
        await attach(imageData);
        toast({ title: "Imagen actualizada", description: "La nueva imagen ya está visible" });
      } catch (error) {
        toastError("Error", describeError(error, "No se pudo actualizar la imagen"));
      }
    } finally {
      setPending(false);
    }
  };
  return { upload, pending };
}
