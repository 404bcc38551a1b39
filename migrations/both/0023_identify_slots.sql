-- Discord's identify slots, shared by every process on one database (issue 48): the gateway takes one IDENTIFY per
-- 5 s, whichever process sends it, so a process starting reserves its shards' identifies after every one reserved
-- before it. One row (bucket 0): serenity paces every shard of a process alike, whatever its bucket.
CREATE TABLE identify_slots (
    bucket  BIGINT NOT NULL PRIMARY KEY,
    -- When the next identify may be sent (Unix ms, by the database's clock).
    next_at BIGINT NOT NULL
);
