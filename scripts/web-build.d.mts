export declare const WEB_BUILD_INPUTS: readonly string[];
export declare const newestMtime: (target: string) => number;
export declare const webBuildIsStale: (root: string, distDir?: string) => boolean;
