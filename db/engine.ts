// Which database engine this process runs on (issue 18; decision 0146): PostgreSQL when DATABASE_URL is a
// postgres:// or postgresql:// URL, else the SQLite file in DATA_DIR. Read from the environment once, on first use.

/** Whether a URL names a PostgreSQL database (postgres:// or postgresql://). */
export function isPostgresUrl(url: string | undefined): url is string {
  return typeof url === "string" && /^postgres(ql)?:\/\//i.test(url);
}

let chosen: boolean | undefined;

/** Whether this process stores its data in PostgreSQL (DATABASE_URL), chosen once. */
export function usesPostgres(): boolean {
  chosen ??= isPostgresUrl(process.env.DATABASE_URL);
  return chosen;
}
