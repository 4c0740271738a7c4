import { useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { createVenue } from "../api/venues";

const empty = { name: "", location: "", description: "", imageUrl: "" };

/** New venue: name and location required; description and image URL optional. */
export function VenueForm() {
  const [form, setForm] = useState(empty);
  const [pending, setPending] = useState(false);
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.location.trim()) {
      toastError("Error", "El nombre y la ubicación son requeridos");
      return;
    }
    setPending(true);
    try {
      const venue = await createVenue({
        name: form.name.trim(),
        location: form.location.trim(),
        ...(form.description.trim() ? { description: form.description.trim() } : {}),
        ...(form.imageUrl.trim() ? { imageUrl: form.imageUrl.trim() } : {}),
      });
      toast({ title: "Venue creado", description: `${venue.name} ya está disponible` });
      setForm(empty);
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo crear el venue"));
    } finally {
      setPending(false);
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
