import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts and committed; the same SQL
// files are applied to server Postgres and to embedded PGlite.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
});
