import type { FormEvent } from "react";
import { ProfileBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";
import type { User } from "../../../types/api";
import { useUpdateProfile } from "../api/update-profile";

/** 'Mi Perfil': email and username, checked by the request schema the server decodes with. */
export function ProfileForm({ user }: { user: User }) {
  const form = useCheckedForm(ProfileBody, { email: user.email, username: user.username }, { email: "Email", username: "Usuario" });
  const { trigger: updateProfile, isMutating: pending } = useUpdateProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the last attempt's answer ('El nombre de usuario ya está en uso') says nothing of this one
    clearToasts();
    const profile = form.submitted();
    if (!profile) return;
    try {
      await updateProfile(profile);
      toast({ title: "Perfil actualizado", description: "Tus datos se guardaron correctamente" });
    } catch (error) {
      toastError("Error", describeError(error, "No se pudo actualizar el perfil"));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="max-w-lg space-y-4">
      <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
      <TextField label="Usuario" autoComplete="username" {...form.field("username")} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Guardar Cambios"}
      </Button>
    </form>
  );
}
