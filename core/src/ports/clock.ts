/** Every "now" and "today" comes from here, so each time rule is testable with a fixed clock. */
export interface Clock {
  now(): Date;
  /** IANA zone in which dates, slots and "today" are read (COURTS_TIMEZONE). */
  readonly timeZone: string;
}
