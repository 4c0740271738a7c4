import { expect, it } from "vitest";
import { aUser } from "../../support/builders.js";
import type { Subject } from "../support/harness.js";
import { inserted } from "../support/seed.js";

export const userRepositoryContract = (subject: () => Subject): void => {
  const users = () => subject().repos.users;

  it("when a user is inserted, then it is found by id and by its username in any case", async () => {
    const user = aUser({ username: "MariaLopez", email: "maria@example.com", isAdmin: true });
    expect(await users().insert(user)).toEqual(user);
    expect(await users().findById(user.id)).toEqual(user);
    expect(await users().findByUsername("marialopez")).toEqual(user);
    expect(await users().findByUsername("MARIALOPEZ")).toEqual(user);
  });

  it("when nothing matches, then the finders answer undefined", async () => {
    expect(await users().findById("00000000-0000-4000-8000-00000000dead")).toBeUndefined();
    expect(await users().findByUsername("nobody")).toBeUndefined();
  });

  it("when a username differs only in case, then the insert answers username-taken", async () => {
    await users().insert(aUser({ username: "Carlos" }));
    expect(await users().insert(aUser({ username: "cARLOS" }))).toBe("username-taken");
  });

  it("when a username differs only in the case of an accented letter, then it is taken too", async () => {
    await users().insert(aUser({ username: "JOSÉ" }));
    expect(await users().insert(aUser({ username: "josé" }))).toBe("username-taken");
    expect(await users().findByUsername("José")).toMatchObject({ username: "JOSÉ" });
  });

  it("when an email differs only in case, then the insert answers email-taken", async () => {
    await users().insert(aUser({ email: "ana@example.com" }));
    expect(await users().insert(aUser({ email: "ANA@Example.com" }))).toBe("email-taken");
  });

  it("when a conflicting insert failed, then the next insert works", async () => {
    const first = inserted(await users().insert(aUser()));
    expect(await users().insert(aUser({ username: first.username }))).toBe("username-taken");
    const next = aUser();
    expect(await users().insert(next)).toEqual(next);
  });

  it("when a profile is updated, then the new username and email are read back", async () => {
    const user = inserted(await users().insert(aUser()));
    const updated = await users().updateProfile(user.id, { username: "NuevoNombre", email: "nuevo@example.com", fullName: null, phone: null });
    expect(updated).toEqual({ ...user, username: "NuevoNombre", email: "nuevo@example.com", emailVerified: false });
    expect(await users().findByUsername("nuevonombre")).toEqual(updated);
    expect(await users().findByUsername(user.username)).toBeUndefined();
  });

  it("when a profile only changes the case of its own username, then it is not a conflict", async () => {
    const user = inserted(await users().insert(aUser({ username: "pedro" })));
    expect(await users().updateProfile(user.id, { username: "Pedro", email: user.email, fullName: null, phone: null })).toMatchObject({
      username: "Pedro",
    });
  });

  it("when a profile takes another user's username or email, then the update answers the conflict", async () => {
    const other = inserted(await users().insert(aUser()));
    const user = inserted(await users().insert(aUser()));
    expect(await users().updateProfile(user.id, { username: other.username.toUpperCase(), email: user.email, fullName: null, phone: null })).toBe(
      "username-taken",
    );
    expect(await users().updateProfile(user.id, { username: user.username, email: other.email, fullName: null, phone: null })).toBe("email-taken");
    expect(await users().findById(user.id)).toEqual(user);
  });

  it("when the profile of an unknown user is updated, then the answer is undefined", async () => {
    expect(await users().updateProfile("00000000-0000-4000-8000-00000000dead", { username: "x", email: "x@x.com", fullName: null, phone: null })).toBeUndefined();
  });

  it("when a password and the admin flag are set, then they are read back and admins are counted", async () => {
    const user = inserted(await users().insert(aUser()));
    inserted(await users().insert(aUser({ isAdmin: true })));
    expect(await users().countAdmins()).toBe(1);
    await users().setPassword(user.id, "new-hash");
    await users().setAdmin(user.id, true);
    expect(await users().findById(user.id)).toMatchObject({ passwordHash: "new-hash", isAdmin: true });
    expect(await users().countAdmins()).toBe(2);
    await users().setAdmin(user.id, false);
    expect(await users().countAdmins()).toBe(1);
  });
};
