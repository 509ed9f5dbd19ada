#!/usr/bin/env bash
# Backup and restore drill (docs/operations.md, "Backups and the restore drill"):
#   1. pg_dump of the database (custom format, consistent snapshot, no locks that stop the API);
#   2. pg_restore into a new, empty database on the same server (or on DRILL_TARGET_SERVER_URL);
#   3. every table's row count compared between the two, and the ledger checked in the copy
#      (each wallet's balance equals the sum of its movements);
#   4. the copy dropped (DRILL_KEEP=1 keeps it), the dump kept in DRILL_DIR when set.
# Exits 0 only when every count matches and the ledger balances. Prints how long each step took.
#
#   scripts/backup-restore-drill.sh postgres://user@host:5432/cubierto
#   DATABASE_URL=… scripts/backup-restore-drill.sh
#
# Needs pg_dump, pg_restore and psql of the server's major version (or newer), and a role that may create
# databases on the target server.
set -euo pipefail

source_url="${1:-${DATABASE_URL:-}}"
if [[ -z "$source_url" ]]; then
  echo "usage: $0 postgres://user@host:port/database   (or DATABASE_URL)" >&2
  exit 64
fi

# The server part of a URL (everything before the database name) and the database name.
server_of() { printf '%s' "${1%/*}"; }
db_of() { local rest="${1##*/}"; printf '%s' "${rest%%\?*}"; }

source_db="$(db_of "$source_url")"
target_server="${DRILL_TARGET_SERVER_URL:-$(server_of "$source_url")}"
target_db="${source_db}_drill_$(date -u +%Y%m%d%H%M%S)"
target_url="${target_server}/${target_db}"
admin_url="${target_server}/postgres"

work="${DRILL_DIR:-}"
cleanup_work=0
if [[ -z "$work" ]]; then
  work="$(mktemp -d)"
  cleanup_work=1
fi
mkdir -p "$work"
dump="$work/${source_db}.dump"

finish() {
  if [[ "${DRILL_KEEP:-0}" != "1" ]]; then
    psql "$admin_url" -v ON_ERROR_STOP=1 -qAtc "drop database if exists \"${target_db}\" with (force)" >/dev/null 2>&1 || true
  fi
  if [[ "$cleanup_work" == "1" ]]; then rm -rf "$work"; fi
}
trap finish EXIT

now_ms() { date +%s%3N; }
step() { printf '%-24s %7s ms  %s\n' "$1" "$2" "${3:-}"; }

t0=$(now_ms)
pg_dump --format=custom --no-owner --no-privileges --file="$dump" "$source_url"
t1=$(now_ms)
step "dump" $((t1 - t0)) "$(du -h "$dump" | cut -f1)"

psql "$admin_url" -v ON_ERROR_STOP=1 -qAtc "create database \"${target_db}\"" >/dev/null
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$target_url" "$dump"
t2=$(now_ms)
step "restore" $((t2 - t1))

# Row counts of every table of the public schema, as "table count" lines, in both databases.
count_sql="
select format('select %L || '' '' || count(*) from %I.%I;', table_name, table_schema, table_name)
  from information_schema.tables
 where table_schema = 'public' and table_type = 'BASE TABLE'
 order by table_name"
counts() {
  psql "$1" -v ON_ERROR_STOP=1 -qAt -c "$count_sql" | psql "$1" -v ON_ERROR_STOP=1 -qAt
}
counts "$source_url" >"$work/source.counts"
counts "$target_url" >"$work/target.counts"
t3=$(now_ms)
tables=$(wc -l <"$work/source.counts")
rows=$(awk '{ n += $2 } END { print n + 0 }' "$work/source.counts")
step "row counts" $((t3 - t2)) "$tables tables, $rows rows"

status=0
if ! diff -u "$work/source.counts" "$work/target.counts"; then
  echo "FAILED: the copy's row counts differ from the source's (above; the source may have changed during the dump)" >&2
  status=1
fi

# The ledger in the copy: every wallet's balance is the sum of its movements.
unbalanced=$(psql "$target_url" -v ON_ERROR_STOP=1 -qAt -c "
  select count(*) from wallets w
   where w.balance_cents <> (select coalesce(sum(m.amount_cents), 0) from wallet_movements m where m.wallet_id = w.id)")
if [[ "$unbalanced" != "0" ]]; then
  echo "FAILED: $unbalanced wallets in the copy whose balance is not the sum of their movements" >&2
  status=1
fi
step "ledger check" $(($(now_ms) - t3)) "unbalanced wallets: $unbalanced"

if [[ "$status" == "0" ]]; then
  echo "restore drill passed: $tables tables and $rows rows restored identical in $((t2 - t0)) ms"
fi
exit "$status"
