import { useLogin } from "../api/login";
import { greetingName } from "./account-fields";
import { CredentialsForm } from "./credentials-form";

/** Username and password; success goes wherever the screen says (/user-dashboard). */
export function LoginForm({ onDone }: { onDone: () => void }) {
  const { trigger: login } = useLogin();
  return (
    <CredentialsForm
      usernameLabel="Usuario"
      submitLabel="Iniciar Sesión"
      pendingLabel="Iniciando sesión..."
      errorTitle="Error al iniciar sesión"
      signIn={async (credentials) => {
        const { user } = await login(credentials);
        return { title: "¡Bienvenido!", description: `Hola, ${greetingName(user)}` };
      }}
      onDone={onDone}
    />
  );
}
