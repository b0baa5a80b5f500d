/** One benchmark's output: a titled table and any budget it broke. */
export interface BenchReport {
  title: string;
  rows: Array<Record<string, string | number>>;
  /** Human sentences, one per exceeded budget; a non-empty list fails `npm run bench`. */
  failures: string[];
  /** Optional notes printed under the table (method, environment). */
  notes?: string[];
}

/** Every `bench/*.bench.ts` default-exports one of these. */
export type Bench = () => Promise<BenchReport>;
