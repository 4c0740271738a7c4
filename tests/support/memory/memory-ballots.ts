import type { BallotDraw, BallotEntry, BallotRepository } from "@courts/core";

interface Release {
  seed: string | null;
  order: BallotDraw["order"];
  claimedUntil: Date | null;
  drawnAt: Date | null;
  decidesAt: Date;
}

/** The release ballot in memory, with the SQL one's semantics (one entry per player and slot, conditional claim). */
export const memoryBallots = (): BallotRepository => {
  const entries = new Map<string, BallotEntry>();
  const releases = new Map<string, Release>();
  const keyOf = (r: { venueId: string; date: string }) => `${r.venueId} ${r.date}`;
  return {
    async enter(entry) {
      if (!releases.has(keyOf(entry)))
        releases.set(keyOf(entry), { seed: null, order: null, claimedUntil: null, drawnAt: null, decidesAt: entry.decidesAt });
      const drawn = releases.get(keyOf(entry));
      if (drawn?.drawnAt && drawn.decidesAt.getTime() !== entry.decidesAt.getTime())
        Object.assign(drawn, { decidesAt: entry.decidesAt, seed: null, order: null, drawnAt: null, claimedUntil: null });
      const kept = [...entries.values()].find(
        (e) => e.userId === entry.userId && e.courtId === entry.courtId && e.date === entry.date && e.timeSlot === entry.timeSlot,
      );
      if (kept) return kept;
      const release = releases.get(keyOf(entry));
      if (release && (release.drawnAt !== null || (release.claimedUntil !== null && release.claimedUntil > entry.enteredAt))) return undefined;
      entries.set(entry.id, entry);
      return entry;
    },
    async findById(id) {
      return entries.get(id);
    },
    async dueReleases(now, limit) {
      return [...releases.entries()]
        .filter(([, r]) => r.drawnAt === null && r.decidesAt <= now && (r.claimedUntil === null || r.claimedUntil <= now))
        .map(([key]) => {
          const [venueId = "", date = ""] = key.split(" ");
          return { venueId, date };
        })
        .slice(0, limit);
    },
    async claim(release, seed, now, until) {
      const r = releases.get(keyOf(release));
      if (!r || r.drawnAt !== null || (r.claimedUntil !== null && r.claimedUntil > now)) return undefined;
      r.seed ??= seed;
      r.claimedUntil = until;
      return r.seed;
    },
    async beingDrawn(courtId, date, timeSlot) {
      return [...entries.values()].some((e) => e.courtId === courtId && e.date === date && e.timeSlot === timeSlot && e.state === "pending");
    },
    async renew(release, held, until) {
      const r = releases.get(keyOf(release));
      if (!r || r.drawnAt !== null || r.claimedUntil?.getTime() !== held.getTime()) return false;
      r.claimedUntil = until;
      return true;
    },
    async pendingOf(release) {
      return [...entries.values()].filter((e) => e.venueId === release.venueId && e.date === release.date && e.state === "pending").sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    async decide(release, outcomes, order, at, held) {
      const r = releases.get(keyOf(release));
      if (!r || r.drawnAt !== null || r.claimedUntil?.getTime() !== held.getTime()) return false;
      Object.assign(r, { drawnAt: at, order, claimedUntil: null });
      for (const o of outcomes) {
        const e = entries.get(o.id);
        if (e?.state === "pending") entries.set(o.id, { ...e, state: o.bookingId === null ? "lost" : "won", bookingId: o.bookingId });
      }
      return true;
    },
    async drawOf(release) {
      const r = releases.get(keyOf(release));
      return {
        venueId: release.venueId,
        date: release.date,
        seed: r?.drawnAt ? r.seed : null,
        order: r?.order ?? null,
        drawnAt: r?.drawnAt ?? null,
        entries: [...entries.values()].filter((e) => e.venueId === release.venueId && e.date === release.date),
      };
    },
  };
};
