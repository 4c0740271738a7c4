import type { FormEvent } from "react";
import { PasswordChangeBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toast, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";
import { useChangePassword } from "../api/change-password";
import { PASSWORDS_DIFFER } from "./register-form";

const LABELS = { currentPassword: "Contraseña actual", newPassword: "Nueva contraseña" };

/** 'Cambiar contraseña': the current one, then the new one twice. The other sessions of the account end. */
export function PasswordChangeForm({ onDone }: { onDone?: () => void }) {
  const form = useCheckedForm(PasswordChangeBody, { currentPassword: "", newPassword: "", confirm: "" }, LABELS);
  const { trigger: changePassword, isMutating: pending } = useChangePassword();
  const differ = form.values.confirm !== form.values.newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    const body = form.submitted();
    if (!body || differ) return;
    try {
      await changePassword(body);
      toast({ title: "Contraseña actualizada", description: "Cerramos tus sesiones en otros dispositivos." });
      onDone?.();
    } catch (error) {
      // a wrong current password or a too common new one belongs under its field
      if (!form.refused(error, { codes: { WRONG_PASSWORD: "currentPassword" }, fields: { password: "newPassword" } }))
        toastError("Error", describeError(error, "No se pudo cambiar la contraseña"));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Contraseña actual" type="password" autoComplete="current-password" {...form.field("currentPassword")} />
      <TextField label="Nueva contraseña" type="password" autoComplete="new-password" hint="Al menos 10 caracteres." {...form.field("newPassword")} />
      <TextField
        label="Confirmar nueva contraseña"
        type="password"
        autoComplete="new-password"
        {...form.field("confirm")}
        error={form.touched && differ ? PASSWORDS_DIFFER : undefined}
      />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Cambiar contraseña"}
      </Button>
    </form>
  );
}
