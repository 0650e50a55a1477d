// Seeds the finance bench's PostgreSQL database (issue 19) with 1,000,000 donations of 2025, made
// once (a second run adds only what is missing). FINANCE_BENCH_URL names the database
// (default postgres://postgres@127.0.0.1:5432/finance_bench, created when missing);
// FINANCE_BENCH_DONATIONS the count.
import pg from "pg";
import { loadFinanceLib } from "./finance-bundle.mjs";

export const benchUrl =
  process.env.FINANCE_BENCH_URL ?? "postgres://postgres@127.0.0.1:5432/finance_bench";
const total = Number(process.env.FINANCE_BENCH_DONATIONS ?? 1_000_000);

const url = new URL(benchUrl);
const admin = new pg.Client({
  connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString(),
});
await admin.connect();
const name = url.pathname.slice(1);
const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
if (found.rowCount === 0) await admin.query(`create database "${name.replace(/"/g, "")}"`);
await admin.end();

const lib = await loadFinanceLib();
const sql = await lib.open(benchUrl);
const started = performance.now();
await lib.seed(sql, total, (line) => console.log(line));
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
await sql.close();
