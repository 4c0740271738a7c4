import { useAdminLogin } from "../api/admin-login";
import { CredentialsForm } from "./credentials-form";

export function AdminLoginForm({ onDone }: { onDone: () => void }) {
  const { trigger: adminLogin } = useAdminLogin();
  return (
    <CredentialsForm
      usernameLabel="Usuario administrador"
      submitLabel="Ingresar al Panel"
      pendingLabel="Verificando..."
      errorTitle="Acceso denegado"
      signIn={async (credentials) => {
        await adminLogin(credentials);
        return { title: "Acceso concedido", description: "Bienvenido al panel administrativo" };
      }}
      onDone={onDone}
    />
  );
}
