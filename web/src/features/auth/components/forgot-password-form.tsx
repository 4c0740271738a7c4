import { useState, type FormEvent } from "react";
import { PasswordResetRequestBody } from "@courts/core";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError } from "../../../components/ui/toast";
import { describeError } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";
import { useRequestPasswordReset } from "../api/request-password-reset";

/** What the screen says once asked, whatever the address: the same words for an account and for none. */
export const RESET_LINK_SENT = "Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.";

/** '¿Olvidaste tu contraseña?': an email, then the same answer for every address (no account enumeration). */
export function ForgotPasswordForm({ onSent }: { onSent?: (sent: boolean) => void }) {
  const form = useCheckedForm(PasswordResetRequestBody, { email: "" }, { email: "Email" });
  const { trigger: requestReset, isMutating: pending } = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    const body = form.submitted();
    if (!body) return;
    try {
      await requestReset(body);
      setSentTo(body.email);
      onSent?.(true);
    } catch (error) {
      // only a refusal to ask again so soon (429) or no connection reach here: the server answers 202 for any address
      toastError("Error", describeError(error, "No se pudo enviar el enlace"));
    }
  };

  if (sentTo !== null)
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <p className="text-stone-800">{RESET_LINK_SENT}</p>
        <p className="text-sm text-stone-600">Revisa también la carpeta de correo no deseado. El enlace sirve una sola vez.</p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setSentTo(null);
            onSent?.(false);
          }}
        >
          Usar otro correo
        </Button>
      </div>
    );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label="Email" name="email" type="email" autoComplete="email" {...form.field("email")} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? "Enviando..." : "Enviar enlace"}
      </Button>
    </form>
  );
}
