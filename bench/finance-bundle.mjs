// bench/finance-lib.ts (TypeScript adapters) bundled into one module that Node runs
// (lib/bundle.mjs). Used by finance-seed.mjs and finance-bench.mjs.
import { loadBenchLib } from "./lib/bundle.mjs";

export const loadFinanceLib = () => loadBenchLib("finance-lib.ts", "finance-bench");
