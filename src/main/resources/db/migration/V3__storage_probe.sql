-- One row the readiness check rewrites: a database that cannot write (disk full, server gone) fails this update,
-- so readiness says DOWN while writes fail and UP again once one succeeds.
CREATE TABLE storage_probe (
    id         INTEGER PRIMARY KEY,
    checked_at TIMESTAMP WITH TIME ZONE NOT NULL
);
INSERT INTO storage_probe (id, checked_at) VALUES (1, CURRENT_TIMESTAMP);
