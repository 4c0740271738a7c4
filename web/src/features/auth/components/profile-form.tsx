import type { FormEvent } from "react";
import { ProfileBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useCheckedForm } from "../../../lib/use-checked-form";
import type { User } from "../../../types/api";
import { useUpdateProfile } from "../api/update-profile";
import { ACCOUNT_REFUSALS, PHONE_HINT } from "./account-fields";

const LABELS = { fullName: "Nombre completo", email: "Email", username: "Usuario", phone: "Teléfono" };

/**
 * 'Mi Perfil' and 'Editar perfil': full name, email, username and phone (blank removes it),
 * checked by the request schema the server decodes with. A new email is unconfirmed again: the
 * toast says where its link went.
 */
export function ProfileForm({ user, onDone, className }: { user: User; onDone?: () => void; className?: string }) {
  const form = useCheckedForm(
    ProfileBody,
    { fullName: user.fullName ?? "", email: user.email, username: user.username, phone: user.phone ?? "" },
    LABELS,
    { optional: ["phone"] },
  );
  const { trigger: updateProfile, isMutating: pending } = useUpdateProfile();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the last attempt's answer ('El nombre de usuario ya está en uso') says nothing of this one
    clearToasts();
    const profile = form.submitted();
    if (!profile) return;
    try {
      const { user: saved } = await updateProfile(profile);
      const newEmail = saved.email !== user.email && !saved.emailVerified;
      toast({
        title: "Perfil actualizado",
        description: newEmail ? `Te enviamos un enlace a ${saved.email} para confirmar tu nuevo correo.` : "Tus datos se guardaron correctamente",
      });
      onDone?.();
    } catch (error) {
      form.refused(error, ACCOUNT_REFUSALS);
      toastError("Error", describeError(error, "No se pudo actualizar el perfil"));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={cn("max-w-lg space-y-4", className)}>
      <TextField label="Nombre completo" autoComplete="name" {...form.field("fullName")} />
      <TextField label="Usuario" autoComplete="username" {...form.field("username")} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
      <TextField label="Teléfono (opcional)" type="tel" autoComplete="tel" hint={PHONE_HINT} {...form.field("phone")} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Guardar Cambios"}
      </Button>
    </form>
  );
}
