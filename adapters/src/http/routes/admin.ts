import { AdminCheckAnswer, AdminLoginAnswer, LoginBody, loginAdmin, Message } from "@courts/core";
import { decode } from "../decode.js";
import { answerOf, bodies, problems } from "../openapi.js";
import { logIn, logOut } from "../session.js";
import { PRIVATE, routes } from "./route-plugin.js";
import { run } from "../run.js";

export default routes(
  "admin",
  async (app) => {
    const tags = ["admin"];
    app.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", PRIVATE);
    });

    app.post(
      "/api/admin/login",
      {
        schema: {
          tags,
          summary: "Iniciar sesión de administrador (reemplaza la sesión del jugador, si la había)",
          body: bodies.login,
          response: { 200: answerOf(AdminLoginAnswer), ...problems(401, 429) },
        },
      },
      async (request) => {
        const input = decode(LoginBody, request.body);
        // counted before the password is checked, as the player's login
        const attempt = await app.adminLoginAttempts.take(request, input.username);
        const admin = await run(loginAdmin(app.ports, input));
        await attempt.succeeded();
        await logIn(request, "adminId", admin.id);
        const answer: AdminLoginAnswer = { admin: { id: admin.id, username: admin.username }, message: "Bienvenido al panel administrativo" };
        return answer;
      },
    );

    app.get(
      "/api/admin/check",
      { schema: { tags, summary: "¿Hay una sesión de administrador?", response: { 200: answerOf(AdminCheckAnswer) } } },
      async (request) => ({ isAdmin: typeof request.session.adminId === "string" }),
    );

    app.post("/api/admin/logout", { schema: { tags, summary: "Cerrar la sesión de administrador", response: { 200: answerOf(Message) } } }, async (request, reply) => {
      await logOut(request, reply, "adminId");
      return { message: "Sesión de administrador cerrada exitosamente" };
    });
  },
  ["courts-rate-limits"],
);
