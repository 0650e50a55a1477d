/** Whether dist/ matches the sources (see build-stamp.mjs). */
export declare function sourceFingerprint(root: string): string;
export declare function isBuildCurrent(root: string): boolean;
export declare function writeBuildStamp(root: string, fingerprint: string): void;
