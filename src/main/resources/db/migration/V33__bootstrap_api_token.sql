-- The bootstrap API token (burstline.api-token, or the data dir's api-token file) is listed and revoked with the
-- other tokens: its row holds its hash like theirs, marked so that a replaced bootstrap token can be revoked when the
-- server starts with another one. A revoked bootstrap token's row stays revoked across restarts.
ALTER TABLE api_token ADD COLUMN bootstrap BOOLEAN DEFAULT FALSE NOT NULL;
