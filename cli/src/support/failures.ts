/**
 * A failure the operator caused or can fix: printed as one Spanish line, no stack trace.
 * Exit code 1 for bad input and domain failures, 2 for usage mistakes (commander's own).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
    /** the domain failure's tag, when it came from a use case */
    readonly tag?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "CliError";
  }
}

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
