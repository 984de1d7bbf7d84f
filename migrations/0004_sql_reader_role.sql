-- `docintel sql` runs the user's query as this role (SET LOCAL ROLE inside its read-only
-- transaction): it can only SELECT docintel's tables and views, and being neither superuser nor a
-- member of pg_read_server_files / pg_write_server_files it cannot COPY to or from server files,
-- read them with pg_read_file or import them with lo_import.
-- Roles are cluster-wide: another database on the same server (or a concurrent migration) may
-- have created it already. A migrating user without CREATEROLE still migrates; `docintel sql`
-- then says it runs without the role.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'docintel_sql_reader') THEN
    CREATE ROLE docintel_sql_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS;
  END IF;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN RAISE NOTICE 'docintel: cannot create role docintel_sql_reader';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'docintel_sql_reader') THEN
    GRANT USAGE ON SCHEMA public TO docintel_sql_reader;
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO docintel_sql_reader;
    -- Tables and views later migrations add are readable too.
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO docintel_sql_reader;
    -- A non-superuser may only SET ROLE to a role it is a member of.
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       AND NOT pg_has_role(current_user, 'docintel_sql_reader', 'MEMBER') THEN
      EXECUTE format('GRANT docintel_sql_reader TO %I', current_user);
    END IF;
  END IF;
EXCEPTION
  WHEN insufficient_privilege THEN RAISE NOTICE 'docintel: cannot grant docintel_sql_reader';
END $$;
