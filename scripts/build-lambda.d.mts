/** The PreSignUp Lambda's bundle and zip (see build-lambda.mjs). */
export declare const lambdaDir: string;
export declare function zip(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer;
export declare function buildLambda(outDir?: string): Promise<{
  bundle: string;
  zipFile: string;
  files: string[];
}>;
