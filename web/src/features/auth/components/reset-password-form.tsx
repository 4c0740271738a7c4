import { useState, type FormEvent } from "react";
import { NewPasswordBody } from "@courts/core";
import { Link } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError, toastForNextScreen } from "../../../components/ui/toast";
import { describeError, isStatus } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";
import { useResetPassword } from "../api/reset-password";
import { LinkGone } from "./link-gone";
import { PASSWORDS_DIFFER } from "./register-form";

/**
 * /restablecer/{token}: the new password twice. Every session of the account ends, so success
 * goes to /login with a toast; a link used or expired (410) says so and offers a new one.
 */
export function ResetPasswordForm({ token, onDone, onGone }: { token: string; onDone: () => void; onGone?: () => void }) {
  const form = useCheckedForm(NewPasswordBody, { password: "", confirm: "" }, { password: "Nueva contraseña" });
  const { trigger: resetPassword, isMutating: pending } = useResetPassword();
  const [gone, setGone] = useState<string | null>(null);
  const differ = form.values.confirm !== form.values.password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    const body = form.submitted();
    if (!body || differ) return;
    try {
      await resetPassword({ token, ...body });
      toastForNextScreen({ title: "Contraseña actualizada", description: "Ya puedes iniciar sesión con tu nueva contraseña." });
      onDone();
    } catch (error) {
      if (isStatus(error, 410)) {
        setGone(describeError(error, "Este enlace ya no es válido."));
        onGone?.();
      } else if (!form.refused(error)) toastError("Error", describeError(error, "No se pudo cambiar la contraseña"));
    }
  };

  if (gone !== null)
    return (
      <LinkGone message={gone}>
        <Button asChild>
          <Link to="/recuperar">Pedir un enlace nuevo</Link>
        </Button>
      </LinkGone>
    );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Nueva contraseña" name="password" type="password" autoComplete="new-password" hint="Al menos 10 caracteres." {...form.field("password")} />
      <TextField
        label="Confirmar contraseña"
        name="confirm"
        type="password"
        autoComplete="new-password"
        {...form.field("confirm")}
        error={form.touched && differ ? PASSWORDS_DIFFER : undefined}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Guardando..." : "Guardar contraseña"}
      </Button>
    </form>
  );
}
