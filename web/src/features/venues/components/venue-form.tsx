import { useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { VenueBody } from "@courts/core";
import { describeError } from "../../../lib/api-client";
import { checkRequest, withLabels } from "../../../lib/request-schema";
import { useCreateVenue, type VenueInput } from "../api/create-venue";

const empty = { name: "", location: "", description: "", imageUrl: "" };

const VENUE_LABELS = { description: "Descripción", imageUrl: "URL de imagen" };

/** New venue: name and location required, description and image URL optional, as VenueBody reads them. */
export function VenueForm() {
  const [form, setForm] = useState(empty);
  const { trigger: createVenue, isMutating: pending } = useCreateVenue();
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: VenueInput = {
      name: form.name,
      location: form.location,
      ...(form.description.trim() ? { description: form.description } : {}),
      ...(form.imageUrl.trim() ? { imageUrl: form.imageUrl } : {}),
    };
    const checked = checkRequest(VenueBody, input, VENUE_LABELS);
    if (!checked.ok) {
      toastError("Error", checked.first);
      return;
    }
    try {
      const venue = await createVenue(checked.value);
      toast({ title: "Venue creado", description: `${venue.name} ya está disponible` });
      setForm(empty);
    } catch (error) {
      // the server's own checks (an image URL's scheme) name the field by its label too
      toastError("Error", withLabels(describeError(error, "No se pudo crear el venue"), VENUE_LABELS));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Nombre" value={form.name} onChange={set("name")} aria-required="true" placeholder="Club de Tenis Norte" />
      <TextField label="Ubicación" value={form.location} onChange={set("location")} aria-required="true" placeholder="Av. Principal 123, Quito" />
      <TextAreaField label="Descripción (opcional)" value={form.description} onChange={set("description")} />
      <TextField label="URL de imagen (opcional)" type="url" value={form.imageUrl} onChange={set("imageUrl")} placeholder="https://..." />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        <Plus aria-hidden="true" className="h-4 w-4" /> {pending ? "Creando..." : "Crear Venue"}
      </Button>
    </form>
  );
}
