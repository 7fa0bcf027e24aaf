#!/bin/sh
# The read replica's entrypoint (instead of the image's own, which would create an empty
# database). On the first start it copies the primary with pg_basebackup; from then on it runs as
# a hot standby that streams the primary's changes and answers read-only queries.
# Runs as root, like the image's entrypoint, and runs PostgreSQL as the postgres user.
set -e
: "${REPLICATION_PASSWORD:?REPLICATION_PASSWORD must be set}"
PRIMARY_HOST="${PRIMARY_HOST:-primary}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until gosu postgres pg_isready --host="$PRIMARY_HOST" --quiet; do
    echo "Waiting for the primary at $PRIMARY_HOST"
    sleep 2
  done
  # Copied beside the data folder first, so that a copy cut short is never started as a database.
  rm -rf "$PGDATA.partial"
  mkdir -p "$PGDATA.partial"
  chown postgres:postgres "$PGDATA.partial"
  chmod 700 "$PGDATA.partial"
  # --write-recovery-conf: standby.signal, and the primary's address and slot in postgresql.auto.conf.
  PGPASSWORD="$REPLICATION_PASSWORD" gosu postgres pg_basebackup --host="$PRIMARY_HOST" --username=replicator \
    --no-password --pgdata="$PGDATA.partial" --wal-method=stream --slot=replica1 --write-recovery-conf \
    --checkpoint=fast
  rm -rf "$PGDATA"
  mv "$PGDATA.partial" "$PGDATA"
fi

# hot_standby_feedback: the primary's vacuum keeps the rows a long read on the replica still needs,
# instead of the replica cancelling that read.
exec gosu postgres postgres -c hot_standby=on -c hot_standby_feedback=on
