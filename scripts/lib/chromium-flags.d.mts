export declare const chromiumFlags: ReadonlyArray<string>;
