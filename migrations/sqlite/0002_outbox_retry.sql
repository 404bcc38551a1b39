-- A failed delivery waits before its next try, longer after each failure.
ALTER TABLE outbox ADD COLUMN next_attempt_at BIGINT;
