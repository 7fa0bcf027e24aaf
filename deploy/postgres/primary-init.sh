#!/bin/sh
# The primary's one-time setup, run by the postgres image when it creates the data folder
# (mounted into /docker-entrypoint-initdb.d/): a role that may stream the primary's changes, and
# a replication slot, so that the primary keeps the WAL the replica has not received yet.
set -e
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD must be set}"

psql --no-psqlrc -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set=password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
SELECT pg_create_physical_replication_slot('replica1');
SQL

# Replication connections match no "all" database line of pg_hba.conf: they need their own.
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
