-- Only the current holder of a seat's alarm claim may settle it (issue 23): each claim counts here, and the count is
-- the claim's token, checked when the alarm is handled and released.
ALTER TABLE seats ADD COLUMN alarm_claim BIGINT NOT NULL DEFAULT 0;
