import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { clearToasts, toastError, toastForNextScreen } from "../../../components/ui/toast";
import { LoginBody } from "@courts/core";
import { describeError } from "../../../lib/api-client";
import { useCheckedForm } from "../../../lib/use-checked-form";

export interface CredentialsFormProps {
  readonly usernameLabel: string;
  readonly submitLabel: string;
  readonly pendingLabel: string;
  /** Calls the server; resolves to the success toast. */
  readonly signIn: (credentials: { username: string; password: string }) => Promise<{ title: string; description: string }>;
  readonly errorTitle: string;
  readonly onDone: () => void;
}

/** Username and password as the server's LoginBody reads them; the player and the admin login differ only in texts and call. */
export function CredentialsForm({ usernameLabel, submitLabel, pendingLabel, signIn, errorTitle, onDone }: CredentialsFormProps) {
  const [pending, setPending] = useState(false);
  // both sign-ins decode their body with LoginBody on the server
  const form = useCheckedForm(LoginBody, { username: "", password: "" }, { username: usernameLabel, password: "Contraseña" });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    clearToasts();
    const credentials = form.submitted();
    if (!credentials) return;
    setPending(true);
    try {
      toastForNextScreen(await signIn(credentials));
      onDone();
    } catch (error) {
      toastError(errorTitle, describeError(error, "Usuario o contraseña incorrectos"));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
      <TextField label={usernameLabel} name="username" autoComplete="username" {...form.field("username")} />
      <TextField label="Contraseña" name="password" type="password" autoComplete="current-password" {...form.field("password")} />
      <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
