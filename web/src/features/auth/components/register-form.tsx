import type { FormEvent } from "react";
import { RegisterBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError, toastForNextScreen } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";
import { useRegister } from "../api/register";
import { ACCOUNT_REFUSALS, PHONE_HINT } from "./account-fields";

export const PASSWORDS_DIFFER = "Las contraseñas no coinciden";

const LABELS = { fullName: "Nombre completo", email: "Email", username: "Usuario", phone: "Teléfono", password: "Contraseña" };

/**
 * Name, email, username, phone (optional) and password as the server's request schema reads
 * them; the confirmation must match. A refusal about one field (a phone it cannot read, a
 * username taken) shows under that field as well as in the toast.
 */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  // the confirmation is no field of the request: the schema reads past it
  const form = useCheckedForm(RegisterBody, { fullName: "", email: "", username: "", phone: "", password: "", confirm: "" }, LABELS, { optional: ["phone"] });
  const { trigger: register, isMutating: pending } = useRegister();
  const differ = form.values.confirm !== form.values.password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    const account = form.submitted();
    if (!account) return;
    if (differ) {
      toastError("Error", PASSWORDS_DIFFER);
      return;
    }
    try {
      await register(account);
      toastForNextScreen({ title: "¡Bienvenido!", description: "Tu cuenta ha sido creada exitosamente" });
      onDone();
    } catch (error) {
      form.refused(error, ACCOUNT_REFUSALS);
      toastError("Error al registrar", describeError(error, "No se pudo crear la cuenta"));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Nombre completo" name="fullName" autoComplete="name" {...form.field("fullName")} />
      <TextField label="Email" name="email" type="email" autoComplete="email" {...form.field("email")} />
      <TextField label="Usuario" name="username" autoComplete="username" {...form.field("username")} />
      <TextField label="Teléfono (opcional)" name="phone" type="tel" autoComplete="tel" hint={PHONE_HINT} {...form.field("phone")} />
      <TextField label="Contraseña" name="password" type="password" autoComplete="new-password" {...form.field("password")} />
      <TextField label="Confirmar contraseña" name="confirm" type="password" autoComplete="new-password" {...form.field("confirm")} error={form.touched && differ ? PASSWORDS_DIFFER : undefined} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Creando cuenta..." : "Crear Cuenta"}
      </Button>
    </form>
  );
}
