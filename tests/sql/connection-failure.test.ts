import { describe, expect, it } from "vitest";
import { connectionFailureText } from "@courts/adapters/sql/database";

/** What an operator reads when the database cannot be opened: Spanish first, the driver's words kept. */
describe("connectionFailureText", () => {
  it("says in Spanish what the driver's common failures mean, and keeps its words after", () => {
    expect(connectionFailureText('password authentication failed for user "club"')).toBe(
      'el servidor rechazó el usuario o la contraseña (password authentication failed for user "club")',
    );
    expect(connectionFailureText('database "canchas" does not exist')).toBe('esa base de datos no existe en el servidor (database "canchas" does not exist)');
    expect(connectionFailureText("getaddrinfo ENOTFOUND db.interno")).toBe("no se encuentra ese servidor (getaddrinfo ENOTFOUND db.interno)");
    expect(connectionFailureText(undefined)).toBe("sin conexión");
  });

  it("when the driver says something unknown, then its words are given as they are", () => {
    expect(connectionFailureText("SSL SYSCALL error")).toBe("SSL SYSCALL error");
  });
});
