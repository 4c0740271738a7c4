import type { SqlDatabase } from "@courts/adapters/sql/index";
import { describe, expect, it } from "vitest";
import { aCourt, aVenue } from "../support/builders.js";
import { courtRepositoryContract } from "./contracts/court-repository.contract.js";
import { describeOnEngines, noticesCaughtUp, seenByAnotherProcess, SQL_ENGINES, statementsReading, useTestDatabase } from "./support/harness.js";

describeOnEngines("CourtRepository contract", courtRepositoryContract);

for (const engine of SQL_ENGINES) {
  describe.skipIf(!engine.available)(`a court read for a booking, by two server processes (${engine.name})`, () => {
    // processes[0] and processes[1] stand for two servers on one database
    const target = useTestDatabase(engine.name, { others: 1, empty: true });

    it("when one process changes the court or renames its venue, then the other's next read shows it; else it is not read again", async () => {
      const [one, two] = target.processes as [SqlDatabase, SqlDatabase];
      const venue = await one.repositories.venues.insert(aVenue({ name: "Club Ribera" }));
      const court = aCourt(venue.id, { courtNumber: 1, status: "available" });
      await one.repositories.courts.insert(court);
      await noticesCaughtUp(two);
      expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available", venueName: "Club Ribera" });
      expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available" });
      // a write to another table (a booking, a session) leaves the court as it was read
      await one.sql.run("insert into venues (id, name, location, created_at) values ('v-other', 'Club Otro', 'Quito', ?)", [new Date().toISOString()]);
      const again = await statementsReading(two, "courts", async () => expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "available" }));
      expect(again).toBe(0);

      await one.repositories.courts.update({ ...court, status: "maintenance" });
      // the writing process at once, with no wait for its notice
      expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "maintenance" });
      await seenByAnotherProcess(engine.name, async () => expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ status: "maintenance" }));
      // no screen renames a venue yet; an operator may, in SQL
      await one.sql.run("update venues set name = 'Club Ribera Norte' where id = ?", [venue.id]);
      expect(await one.repositories.courts.findForBooking(court.id)).toMatchObject({ venueName: "Club Ribera Norte" });
      await seenByAnotherProcess(engine.name, async () => expect(await two.repositories.courts.findForBooking(court.id)).toMatchObject({ venueName: "Club Ribera Norte" }));
    });
  });
}
