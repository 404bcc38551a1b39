-- Several processes may share one database (PostgreSQL): work is claimed, not assumed. A claim names the process
-- that holds it and ends with its lease, so that the work of a process that died is taken over; a process that
-- restarts releases its own claims at once.
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
-- A seat's due alarm (its time-out or reminder) is claimed the same way.
ALTER TABLE seats ADD COLUMN alarm_leased_until BIGINT;
ALTER TABLE seats ADD COLUMN alarm_leased_by TEXT;
