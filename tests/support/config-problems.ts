import { ConfigError, loadConfig } from "@courts/adapters";

/** The smallest environment a server starts with, its data under `dataDir`. */
export const configBase = (dataDir: string): Record<string, string> => ({ SESSION_SECRET: "x".repeat(40), DATA_DIR: dataDir });

/** What loading the configuration from `env` names as wrong, one line per setting; none when it loads. */
export const configProblems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, { persistSecret: false });
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
};
