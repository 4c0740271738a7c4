import { useState } from "react";
import { MailCheck } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast, toastError } from "../../../components/ui/toast";
import { ApiError, describeError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import type { User } from "../../../types/api";
import { useResendVerification } from "../api/verify-email";

/** 'Reenviar enlace': a new confirmation link to the account's email; once sent, the button says so. */
export function ResendVerificationButton({ email, className }: { email: string; className?: string }) {
  const { trigger: resend, isMutating: pending } = useResendVerification();
  const [sent, setSent] = useState(false);
  const send = async () => {
    try {
      await resend();
      setSent(true);
      toast({ title: "Enlace enviado", description: `Revisa tu correo ${email}.` });
    } catch (error) {
      // confirmed meanwhile (in another tab): the session is read again and the notice goes
      if (error instanceof ApiError && error.code === "EMAIL_ALREADY_VERIFIED") toast({ title: "Correo confirmado", description: error.serverMessage ?? "Tu correo ya está confirmado" });
      else toastError("Error", describeError(error, "No se pudo enviar el enlace"));
    }
  };
  return (
    <Button variant="outline" size="sm" className={className} onClick={() => void send()} disabled={pending || sent} aria-busy={pending}>
      {sent ? "Enlace enviado" : pending ? "Enviando..." : "Reenviar enlace"}
    </Button>
  );
}

/**
 * A player whose email is not confirmed yet: where the link went and 'Reenviar enlace'. Calm on
 * purpose: nothing is wrong, one step is left (and until then one unpaid booking at a time).
 */
export function EmailVerificationNotice({ user, compact, className }: { user: User; compact?: boolean; className?: string }) {
  if (user.emailVerified || user.email === "") return null;
  return (
    <div role="note" className={cn("flex flex-col gap-3 rounded-2xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-inset ring-sky-600/20 sm:flex-row sm:items-center", className)}>
      <MailCheck aria-hidden="true" className="hidden h-5 w-5 shrink-0 text-sky-700 sm:block" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Confirma tu correo.</span> Te enviamos un enlace a <span className="break-all font-medium">{user.email}</span>.
        {!compact && " Mientras tanto puedes reservar, con una reserva sin pagar a la vez."}
      </p>
      <ResendVerificationButton email={user.email} className="self-start sm:self-auto" />
    </div>
  );
}
