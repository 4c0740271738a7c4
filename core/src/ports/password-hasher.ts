export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of a verify on nothing, so unknown users take as long as wrong passwords. */
  verifyDummy(password: string): Promise<void>;
}
