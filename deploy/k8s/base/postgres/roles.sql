-- One database role per service, each owning its context's schemas; other contexts get SELECT on
-- the published views (*_pub) they read and nothing else (ARCHITECTURE.md, "Bounded contexts and
-- data ownership"). Run as a superuser in the application database, once at creation and again at
-- any time (idempotent):
--   Kubernetes: CloudNativePG's bootstrap (postInitApplicationSQLRefs, ConfigMap pg-roles-sql); the
--               operator then gives the roles LOGIN and their passwords (spec.managed.roles).
--   Locally:    tools/stack (npm start, npm test) before the migrations, which run as these roles.
-- The roles are created without LOGIN here; whoever runs this grants it with a password.

-- PostGIS and pg_trgm need a superuser: created here, so a migration's CREATE EXTENSION IF NOT
-- EXISTS finds them when it runs as a service role.
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

DO $roles$
DECLARE
  -- schema -> owning role: every schema of a context belongs to its service.
  owners CONSTANT text[][] := ARRAY[
    ['layer', 'layer_svc'], ['layer_pub', 'layer_svc'], ['layer_stage', 'layer_svc'],
    ['geocode', 'geocode_svc'], ['geocode_pub', 'geocode_svc'],
    ['market', 'market_svc'],
    ['parcel', 'parcel_svc'],
    ['search', 'search_svc'], ['search_pub', 'search_svc'],
    ['watches', 'watches_svc'],
    ['gateway', 'gateway']];
  -- published schema, its owner -> a role that reads it.
  readers CONSTANT text[][] := ARRAY[
    ['layer_pub', 'layer_svc', 'geocode_svc'], ['layer_pub', 'layer_svc', 'market_svc'],
    ['layer_pub', 'layer_svc', 'parcel_svc'], ['layer_pub', 'layer_svc', 'search_svc'],
    ['layer_pub', 'layer_svc', 'watches_svc'], ['search_pub', 'search_svc', 'watches_svc'],
    ['geocode_pub', 'geocode_svc', 'search_svc']];
  role_name text;
  pair text[];
  object record;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['layer_svc', 'geocode_svc', 'market_svc', 'parcel_svc', 'search_svc', 'watches_svc', 'gateway'] LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = role_name) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', role_name);
    END IF;
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), role_name);
  END LOOP;
  -- Time limits of each role's sessions (cluster-wide, as the cluster serves this one database; a
  -- session may still change them). A transaction left open and idle keeps its locks: after 10
  -- minutes PostgreSQL ends it, whichever service left it, so a forgotten transaction cannot hold
  -- a published view against a layer swap. Only the gateway gets a limit per statement: its
  -- statements are key, link and limit lookups that answer in milliseconds. The other services
  -- also run rebuilds on refresh events (search index, parcel facts, geocoder), migrations and
  -- loads whose statements take minutes on the national data; their requests have their own
  -- deadlines. A layer swap never waits behind a reader for long (lock_timeout and retries in
  -- the refresh), whatever limit a reader has.
  FOREACH role_name IN ARRAY ARRAY['layer_svc', 'geocode_svc', 'market_svc', 'parcel_svc', 'search_svc', 'watches_svc', 'gateway'] LOOP
    EXECUTE format('ALTER ROLE %I SET idle_in_transaction_session_timeout = %L', role_name, '10min');
  END LOOP;
  ALTER ROLE gateway SET statement_timeout = '60s';
  REVOKE CREATE ON SCHEMA public FROM PUBLIC;
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());

  FOREACH pair SLICE 1 IN ARRAY owners LOOP
    EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', pair[1], pair[2]);
    EXECUTE format('ALTER SCHEMA %I OWNER TO %I', pair[1], pair[2]);
    -- A database migrated before the roles existed: its objects pass to the owning role.
    FOR object IN
      SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = pair[1] AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND pg_get_userbyid(c.relowner) <> pair[2]
        -- a sequence owned by a column follows its table
        AND NOT (c.relkind = 'S' AND EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')))
    LOOP
      EXECUTE format('ALTER %s %I.%I OWNER TO %I',
        CASE object.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
        pair[1], object.relname, pair[2]);
    END LOOP;
    FOR object IN
      SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = pair[1] AND pg_get_userbyid(p.proowner) <> pair[2]
    LOOP
      EXECUTE format('ALTER ROUTINE %s OWNER TO %I', object.routine, pair[2]);
    END LOOP;
  END LOOP;

  -- Published views: read-only for the contexts that read them, including views made later by the
  -- owner (a refresh replaces layer_pub views).
  FOREACH pair SLICE 1 IN ARRAY readers LOOP
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', pair[1], pair[3]);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO %I', pair[1], pair[3]);
    EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %I IN SCHEMA %I GRANT SELECT ON TABLES TO %I', pair[2], pair[1], pair[3]);
  END LOOP;
END
$roles$;
