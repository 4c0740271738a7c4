export interface Ids {
  /** a new UUID */
  uuid(): string;
  /** an unguessable URL-safe token of at least 128 random bits */
  token(): string;
}
