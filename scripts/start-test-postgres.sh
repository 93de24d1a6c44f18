#!/usr/bin/env bash
# Starts the local PostgreSQL cluster and makes the role and database that the PostgreSQL integration tests use
# (BURSTLINE_TEST_POSTGRES_URL, default jdbc:postgresql://127.0.0.1:5432/burstline_test, user/password burstline).
set -euo pipefail

# PostgreSQL outlives this script: it must not inherit open descriptors, above all the shared test lock that
# `flock /tmp/burstline-heavy.lock` passes down, or the lock stays held for as long as the database runs.
for fd in /proc/$$/fd/*; do
  n=${fd##*/}
  if [ "$n" -gt 2 ] 2>/dev/null; then eval "exec $n>&-" 2>/dev/null || true; fi
done

as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }
sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! pg_lsclusters --no-header 2>/dev/null | grep -q online; then
  cluster=$(pg_lsclusters --no-header | awk 'NR==1 {print $1" "$2}')
  # shellcheck disable=SC2086
  sudo_if_needed pg_ctlcluster $cluster start
fi
for _ in $(seq 1 30); do
  as_postgres "pg_isready -q -h 127.0.0.1" && break
  sleep 1
done
as_postgres "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname='burstline'\"" | grep -q 1 \
  || as_postgres "psql -q -c \"CREATE ROLE burstline LOGIN PASSWORD 'burstline'\""
as_postgres "psql -tAc \"SELECT 1 FROM pg_database WHERE datname='burstline_test'\"" | grep -q 1 \
  || as_postgres "createdb -O burstline burstline_test"
echo "postgres: ready (burstline_test on 127.0.0.1:5432)"
