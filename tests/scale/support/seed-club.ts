import { randomUUID } from "node:crypto";
import { argon2Hasher } from "@courts/adapters/auth/argon2-hasher";
import { openSqlDatabase } from "@courts/adapters/sql/index";

export interface ClubToSeed {
  readonly venue: string;
  readonly location: string;
  /** how many courts, 'Cancha 1', 'Cancha 2', ... at the demo prices */
  readonly courts: number;
  readonly players: readonly string[];
  readonly admin: string;
  /** everyone's password */
  readonly password: string;
}

export interface SeededClub {
  /** the courts' ids, by number */
  readonly courts: string[];
  /** the players, in the order given */
  readonly players: { readonly id: string; readonly username: string }[];
}

/**
 * Migrates the database and writes a club straight into it, before any server process starts: a
 * venue, its courts, the players and an admin (so that no process creates one at start, racing
 * the others for the name).
 */
export const seedClub = async (databaseUrl: string, club: ClubToSeed): Promise<SeededClub> => {
  const setup = await openSqlDatabase(databaseUrl);
  try {
    await setup.migrate();
    const hash = await argon2Hasher().hash(club.password);
    const now = new Date().toISOString();
    const venueId = randomUUID();
    await setup.sql.run("insert into venues (id, name, location, created_at) values (?, ?, ?, ?)", [venueId, club.venue, club.location, now]);
    const courts = Array.from({ length: club.courts }, () => randomUUID());
    for (const [i, id] of courts.entries())
      await setup.sql.run(
        "insert into courts (id, venue_id, name, court_number, status, day_singles_price, day_doubles_price, night_singles_price, " +
          "night_doubles_price, created_at) values (?, ?, ?, ?, 'available', 1450, 2900, 1650, 3300, ?)",
        [id, venueId, `Cancha ${i + 1}`, i + 1, now],
      );
    const players = club.players.map((username) => ({ id: randomUUID(), username }));
    const users = [...players.map((p) => ({ ...p, isAdmin: false })), { id: randomUUID(), username: club.admin, isAdmin: true }];
    // confirmed accounts: the lower unpaid limit of an unconfirmed email (DESIGN.md section 13) is not what these suites measure
    await setup.sql.run(
      `insert into users (id, username, email, username_key, email_key, password_hash, is_admin, created_at, email_verified) values ${users.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      users.flatMap((u) => [u.id, u.username, `${u.username}@example.test`, u.username, `${u.username}@example.test`, hash, u.isAdmin, now, true]),
    );
    return { courts, players };
  } finally {
    await setup.close();
  }
};
